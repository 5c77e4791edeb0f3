import { BrowserRouter, Route, Routes } from 'react-router-dom';
// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import type { RemoteAppProps } from 'shared-ui';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignUpPage } from './pages/SignUpPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={REMOTES.auth.routes.login.path} element={<LoginPage />} />
        <Route path={REMOTES.auth.routes.signUp.path} element={<SignUpPage />} />
        <Route path={REMOTES.auth.routes.resetPassword.path} element={<ResetPasswordPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
