import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { repairUnfinishedFollows, useSignedInUid } from 'shared-firebase';
import { ROUTES_OF } from 'remote-list';
import type { RemoteAppProps } from 'shared-ui';
import { EditProfilePage } from './pages/EditProfilePage';
import { ProfilePage } from './pages/ProfilePage';

/** Finishes, in the background, any follow or unfollow this browser left part-way. */
function useRepairUnfinishedFollows() {
  const uid = useSignedInUid();
  useEffect(() => {
    if (uid) void repairUnfinishedFollows(uid);
  }, [uid]);
}

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root({ loadRemoteModule }: RemoteAppProps) {
  useRepairUnfinishedFollows();
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={ROUTES_OF.profile.profile.path}
          element={<ProfilePage loadRemoteModule={loadRemoteModule} />}
        />
        <Route path={ROUTES_OF.profile.editProfile.path} element={<EditProfilePage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
