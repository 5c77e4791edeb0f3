import { Link } from 'react-router-dom';
import { RelativeTime } from 'shared-ui';

/** A stored time: Firestore's Timestamp, or anything else that turns into a Date. */
export interface StoredTime {
  toDate(): Date;
}

/** A post's time, linking to its own page: every card's permalink. */
export function PostTimeLink({ postId, createdAt }: { postId: string; createdAt: StoredTime }) {
  return (
    <Link className="feed-time" to={`/post/${encodeURIComponent(postId)}`}>
      <RelativeTime time={createdAt.toDate()} focusable={false} />
    </Link>
  );
}
