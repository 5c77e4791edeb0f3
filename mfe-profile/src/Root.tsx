import { lazy, Suspense, useEffect } from 'react';
import { useSignedInUid } from 'shared-firebase';
// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, Spinner, type RemoteAppProps } from 'shared-ui';
import { watchFollowRuns } from './data';
import { FollowListPage } from './pages/FollowListPage';
import { ProfilePage } from './pages/ProfilePage';
import { repairUnfinishedFollows, unfinishedFollowMarks } from './follows/unfinishedFollows';

// The edit screen (its options, the country list, account deletion) loads when it is visited: a
// profile page, the route members see most, does not carry it.
const EditProfilePage = lazy(() =>
  import('./pages/EditProfilePage').then((module) => ({ default: module.EditProfilePage })),
);

/**
 * Marks every follow change while it runs, and finishes, in the background, any follow or unfollow
 * this browser left part-way.
 */
function useRepairUnfinishedFollows() {
  const uid = useSignedInUid();
  useEffect(() => watchFollowRuns(unfinishedFollowMarks), []);
  useEffect(() => {
    if (uid) void repairUnfinishedFollows(uid);
  }, [uid]);
}

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root({ loadRemoteModule }: RemoteAppProps) {
  useRepairUnfinishedFollows();
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
