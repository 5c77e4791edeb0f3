import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMember, useSignedInUid } from 'shared-firebase';
import type { RemoteAppProps } from 'shared-ui';
import { Spinner, LoadFailure } from 'shared-ui';
import { IntroList } from '../components/IntroList';

import { ProfileCounts } from '../components/ProfileCounts';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfilePosts } from '../components/ProfilePosts';

export const NOT_FOUND_PATH = '/404';

export interface ProfilePageProps {
  loadRemoteModule: RemoteAppProps['loadRemoteModule'];
}

/** /profile/:userId — an unknown member (no usersData document) goes to /404. */
export function ProfilePage(props: ProfilePageProps) {
  // A new key remounts the page's subscriptions: Retry reads the profile again.
  const [attempt, setAttempt] = useState(0);
  return <Profile key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

function Profile({ loadRemoteModule, onRetry }: ProfilePageProps & { onRetry: () => void }) {
  const { userId = '' } = useParams();
  const me = useSignedInUid();
  const profile = useMember(userId || null);
  const navigate = useNavigate();
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
  if (profile.status !== 'ready' || unknown) {
    return (
      <section className="ui-page" aria-busy="true">
        <Spinner label="Loading profile…" />
      </section>
    );
  }
  return (
    <article className="ui-page">
      <ProfileHeader profile={profile.data} userId={userId} me={me} />
      <ProfileCounts userId={userId} postsCount={profile.data.posts.length} />
      <IntroList info={profile.data.userInfo} />
      <ProfilePosts authorUid={userId} loadRemoteModule={loadRemoteModule} />
    </article>
  );
}
