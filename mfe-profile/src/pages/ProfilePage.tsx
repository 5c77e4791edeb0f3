import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  hiddenBySuspension,
  useHiddenMembers,
  useMember,
  useOwnMember,
  useSignedInUid,
} from 'shared-firebase';
import type { LiveDocument, MemberCard } from 'shared-firebase';
import type { RemoteAppProps } from 'shared-ui';
import { Spinner, LoadFailure } from 'shared-ui';
import { IntroList } from '../components/IntroList';
import { NameChangePrompt } from '../components/NameChangePrompt';
import { ProfileCounts } from '../components/ProfileCounts';
import { ProfileHeader } from '../components/ProfileHeader';
import { preloadPostList, ProfilePosts } from '../components/ProfilePosts';
import {
  shownPostCount,
  storedCount,
  useFollowersShown,
  useFollowStatus,
  useFollowerUids,
  useFollowingUids,
} from '../data';

export const NOT_FOUND_PATH = '/404';

export interface ProfilePageProps {
  loadRemoteModule: RemoteAppProps['loadRemoteModule'];
}

/** /profile/:userId — an unknown member (no usersData document) goes to /404. */
export function ProfilePage(props: ProfilePageProps) {
  // A new key remounts the page's subscriptions: Retry reads the profile and its lists again.
  const [attempt, setAttempt] = useState(0);
  return <Profile key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

function Profile({ loadRemoteModule, onRetry }: ProfilePageProps & { onRetry: () => void }) {
  const { userId = '' } = useParams();
  const me = useSignedInUid();
  // Every profile reads the member's card, which leaves out the lists (docs/DATA_MODEL.md "Member
  // cards"); the member's own shows their own writes at once.
  const own = me !== null && me === userId;
  const ownDocument = useOwnMember(own ? userId : null);
  const card = useMember(own || !userId ? null : userId);
  const profile: LiveDocument<MemberCard> = own ? ownDocument : card;
  // The counts the profile's function keeps, so the page never downloads the lists (up to 2,000
  // uids each); the lists only for a member it has not counted yet.
  const counted = profile.status === 'ready' ? profile.data.counts : undefined;
  const listsNeeded =
    profile.status === 'ready' &&
    (counted?.followers === undefined || counted.following === undefined);
  const followers = useFollowerUids(listsNeeded ? userId : null);
  const following = useFollowingUids(listsNeeded ? userId : null);
  // Read beside the profile, not after it: the follow state sets the header's action (whose
  // width decides whether it wraps to a row of its own).
  const followStatus = useFollowStatus(me, userId);
  const followersCount = useFollowersShown(
    storedCount(counted?.followers, followers),
    followStatus,
    listsNeeded && followers.status === 'ready' && me !== null ? followers.uids.includes(me) : null,
  );
  const followingCount = storedCount(counted?.following, following);
  const hidden = useHiddenMembers();
  const navigate = useNavigate();
  useEffect(() => preloadPostList(loadRemoteModule), [loadRemoteModule]);
  const unknown = userId === '' || profile.status === 'missing';

  useEffect(() => {
    if (unknown) navigate(NOT_FOUND_PATH, { replace: true });
  }, [unknown, navigate]);

  if (profile.status === 'error') {
    return (
      <section className="ui-page">
        <LoadFailure message="This profile could not be loaded." onRetry={onRetry} />
      </section>
    );
  }
  // The page appears once all three have answered, so nothing in it moves when one arrives, and
  // once the viewer's blocks are known, so a blocker's profile never shows before it is hidden.
  if (
    profile.status !== 'ready' ||
    unknown ||
    (listsNeeded && (followers.status === 'loading' || following.status === 'loading')) ||
    !hidden.loaded
  ) {
    return (
      <section className="ui-page" aria-busy="true">
        <Spinner label="Loading profile…" />
      </section>
    );
  }
  // A suspended member, or one who blocked the viewer, is unavailable: nothing of theirs is shown.
  if ((me !== userId && hiddenBySuspension(profile.data)) || hidden.blockedBy.has(userId)) {
    return (
      <section className="ui-page">
        <div className="ui-card profile-unavailable">
          <h1>Profile unavailable</h1>
          <p>This profile is unavailable.</p>
        </div>
      </section>
    );
  }
  const blocked = hidden.blocked.has(userId);
  return (
    <article className="ui-page">
      {me !== null && me === userId ? <NameChangePrompt uid={me} profile={profile.data} /> : null}
      <ProfileHeader
        profile={profile.data}
        userId={userId}
        me={me}
        followStatus={followStatus}
        onRetry={onRetry}
        blocked={blocked}
      />
      <ProfileCounts
        userId={userId}
        postsCount={shownPostCount(profile.data)}
        followersCount={followersCount}
        followingCount={followingCount}
        failed={followers.status === 'error' || following.status === 'error'}
        onRetry={onRetry}
      />
      <IntroList info={profile.data.userInfo} />
      {blocked ? (
        <p className="profile-blocked-note">You blocked this member: their posts are hidden.</p>
      ) : (
        <ProfilePosts authorUid={userId} loadRemoteModule={loadRemoteModule} />
      )}
    </article>
  );
}
