import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMember, useSignedInUid } from 'shared-firebase';
import type { RemoteAppProps } from 'shared-ui';
import { Spinner } from 'shared-ui';
import { IntroList } from '../components/IntroList';
import { ProfileHeader } from '../components/ProfileHeader';
import { ProfilePosts } from '../components/ProfilePosts';

export const NOT_FOUND_PATH = '/404';

export interface ProfilePageProps {
  loadRemoteModule: RemoteAppProps['loadRemoteModule'];
}

/** /profile/:userId — an unknown member (no usersData document) goes to /404. */
export function ProfilePage({ loadRemoteModule }: ProfilePageProps) {
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
        <p role="alert">This profile could not be loaded. Please try again later.</p>
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
      <IntroList info={profile.data.userInfo} />
      <ProfilePosts authorUid={userId} loadRemoteModule={loadRemoteModule} />
    </article>
  );
}
