import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isMemberHidden, useHiddenMembers, useMember, useSignedInUid } from 'shared-firebase';
import type { HiddenMembers } from 'shared-firebase';
import { LoadFailure, NewestFirstList, Spinner } from 'shared-ui';
import { useFollowerUids, useFollowingUids } from '../data';

import { MemberRow } from '../components/MemberRow';
import type { FollowListKind } from '../followLists';
import { NOT_FOUND_PATH } from './ProfilePage';

/** Members shown at first and per "Show more". */
export const FOLLOW_LIST_PAGE_SIZE = 20;

const TEXTS: Record<FollowListKind, { title: (name: string) => string; empty: string }> = {
  followers: { title: (name) => `${name}'s followers`, empty: 'No followers yet.' },
  following: { title: (name) => `${name} follows`, empty: 'Not following anyone yet.' },
};

interface UidListProps {
  uids: string[];
  me: string;
  kind: FollowListKind;
  hidden: HiddenMembers;
}

function UidList({ uids, me, kind, hidden }: UidListProps) {
  return (
    <NewestFirstList
      items={uids.filter((uid) => !isMemberHidden(hidden, uid))}
      pageSize={FOLLOW_LIST_PAGE_SIZE}
      emptyText={TEXTS[kind].empty}
      className="profile-member-list"
      label={kind === 'followers' ? 'Followers' : 'Following'}
    >
      {(uid) => <MemberRow key={uid} uid={uid} me={me} hidden={hidden} />}
    </NewestFirstList>
  );
}

function LiveList({ userId, me, kind, onRetry }: ListProps & { onRetry: () => void }) {
  // Both hooks run so the order of hooks never changes; only the one asked for is shown.
  const followers = useFollowerUids(userId);
  const following = useFollowingUids(userId);
  const list = kind === 'followers' ? followers : following;
  const hidden = useHiddenMembers();
  // Until the viewer's blocks are known, a blocker's or blocked member's row would flash.
  if (list.status === 'loading' || !hidden.loaded) return <Spinner label="Loading members…" />;
  if (list.status === 'error') {
    return <LoadFailure message="This list could not be loaded." onRetry={onRetry} />;
  }
  return <UidList uids={list.uids} me={me} kind={kind} hidden={hidden} />;
}

interface ListProps {
  userId: string;
  me: string;
  kind: FollowListKind;
}

/**
 * `/profile/:userId/followers` and `/profile/:userId/following`: the members, newest first, in
 * pages, live, without those the viewer does not see (blocked either way, suspended), each
 * linking to their profile with a Follow toggle. An unknown member goes to /404.
 */
export function FollowListPage({ kind }: { kind: FollowListKind }) {
  const { userId = '' } = useParams();
  const me = useSignedInUid();
  const profile = useMember(userId || null);
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const unknown = userId === '' || profile.status === 'missing';

  useEffect(() => {
    if (unknown) navigate(NOT_FOUND_PATH, { replace: true });
  }, [unknown, navigate]);

  const name = profile.status === 'ready' ? profile.data.userInfo.userName : '…';
  return (
    <section className="ui-page ui-card">
      <h1>{TEXTS[kind].title(name)}</h1>
      <p>
        <Link to={`/profile/${encodeURIComponent(userId)}`}>Back to the profile</Link>
      </p>
      {me === null || unknown ? (
        <Spinner label="Loading…" />
      ) : (
        <LiveList
          key={`${kind}-${attempt}`}
          userId={userId}
          me={me}
          kind={kind}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      )}
    </section>
  );
}
