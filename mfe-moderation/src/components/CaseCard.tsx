import { Link } from 'react-router-dom';
import REMOTES from 'remote-list/remotes.json';
import type { ModerationCase, WithId } from 'shared-firebase';
import { RelativeTime, UserText } from 'shared-ui';
import { CaseActions } from './CaseActions';
import { CaseLog } from './CaseLog';
import { MemberLink } from './MemberLink';
import { KIND_WORDS, STATUS_WORDS, reasonsSummary } from './words';

/** Where the reported thing is seen in the product: its post, or the member's profile. */
function contextPath(moderationCase: ModerationCase): string | null {
  if (moderationCase.kind === 'member') {
    return REMOTES.profile.routes.profile.path.replace(':userId', moderationCase.targetId);
  }
  const postId = moderationCase.kind === 'post' ? moderationCase.targetId : moderationCase.postId;
  return postId ? REMOTES.feed.routes.post.path.replace(':postId', postId) : null;
}

export interface CaseCardProps {
  moderationCase: WithId<ModerationCase>;
  moderatorUid: string;
}

/** One case of the queue: what was reported, by how many and why, its author, and the decision. */
export function CaseCard({ moderationCase, moderatorUid }: CaseCardProps) {
  const kind = KIND_WORDS[moderationCase.kind] ?? moderationCase.kind;
  const where = contextPath(moderationCase);
  const reporters = moderationCase.count === 1 ? '1 report' : `${moderationCase.count} reports`;
  return (
    <article className="ui-card moderation-case" aria-label={`${kind} case`}>
      <header className="moderation-case__header">
        <span className="moderation-case__kind">{kind}</span>
        <span>
          {reporters}: {reasonsSummary(moderationCase.reasons)}
        </span>
        {moderationCase.latestAt ? (
          <span className="moderation-case__time">
            latest <RelativeTime time={moderationCase.latestAt.toDate()} />
          </span>
        ) : null}
      </header>
      <div className="moderation-case__content">
        {moderationCase.authorUid ? (
          <p className="moderation-case__author">
            {moderationCase.kind === 'member' ? 'Member: ' : 'By '}
            <MemberLink uid={moderationCase.authorUid} />
          </p>
        ) : null}
        {moderationCase.image ? (
          <img
            className="moderation-case__image"
            src={moderationCase.image}
            alt={`The reported ${kind.toLowerCase()}’s picture`}
            loading="lazy"
          />
        ) : null}
        {moderationCase.text ? (
          <blockquote className="moderation-case__text">
            <UserText text={moderationCase.text} tagRoute={REMOTES.explore.routes.tag.path} />
          </blockquote>
        ) : (
          <p className="moderation-case__gone">No text, or no longer there.</p>
        )}
        {where ? (
          <Link to={where} className="moderation-case__context">
            {moderationCase.kind === 'member' ? 'Open the profile' : 'Open the post'}
          </Link>
        ) : null}
      </div>
      <p className="moderation-case__status">{STATUS_WORDS[moderationCase.status]}</p>
      <CaseActions moderationCase={moderationCase} moderatorUid={moderatorUid} />
      <CaseLog caseId={moderationCase.id} />
    </article>
  );
}
