import { lazy, Suspense } from 'react';
// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, Spinner, type RemoteAppProps } from 'shared-ui';
import { ProfilePage } from './pages/ProfilePage';

// The edit screen (its options, the country list, account deletion) loads when it is visited: a
// profile page, the route members see most, does not carry it.
const EditProfilePage = lazy(() =>
  import('./pages/EditProfilePage').then((module) => ({ default: module.EditProfilePage })),
);
// So do the follower and following lists: reached from a profile, not part of its first view.
const FollowListPage = lazy(() =>
  import('./pages/FollowListPage').then((module) => ({ default: module.FollowListPage })),
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
        [
          REMOTES.profile.routes.followers.path,
          <Suspense fallback={<Spinner label="Loading…" />}>
            <FollowListPage kind="followers" />
          </Suspense>,
        ],
        [
          REMOTES.profile.routes.following.path,
          <Suspense fallback={<Spinner label="Loading…" />}>
            <FollowListPage kind="following" />
          </Suspense>,
        ],
      ]}
    />
  );
}
