import { lazy, Suspense } from 'react';
// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, Spinner, type RemoteAppProps } from 'shared-ui';
import { FollowListPage } from './pages/FollowListPage';
import { ProfilePage } from './pages/ProfilePage';

// The edit screen (its options, the country list, account deletion) loads when it is visited: a
// profile page, the route members see most, does not carry it.
const EditProfilePage = lazy(() =>
  import('./pages/EditProfilePage').then((module) => ({ default: module.EditProfilePage })),
);

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root({ loadRemoteModule }: RemoteAppProps) {
  return (
    <RemoteRoutes
      routes={[
        [REMOTES.profile.routes.profile.path, <ProfilePage loadRemoteModule={loadRemoteModule} />],
        [
          REMOTES.profile.routes.editProfile.path,
          <Suspense fallback={<Spinner label="Loading…" />}>
            <EditProfilePage />
          </Suspense>,
        ],
        [REMOTES.profile.routes.followers.path, <FollowListPage kind="followers" />],
        [REMOTES.profile.routes.following.path, <FollowListPage kind="following" />],
      ]}
    />
  );
}
