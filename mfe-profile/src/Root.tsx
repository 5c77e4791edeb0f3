import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-ui';
import { ProfilePage } from './pages/ProfilePage';
import { EditProfilePage } from './pages/EditProfilePage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/profile/:userId" element={<ProfilePage />} />
        <Route path="/edit-profile" element={<EditProfilePage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
