// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, type RemoteAppProps } from 'shared-ui';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignUpPage } from './pages/SignUpPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <RemoteRoutes
      routes={[
        [REMOTES.auth.routes.login.path, <LoginPage />],
        [REMOTES.auth.routes.signUp.path, <SignUpPage />],
        [REMOTES.auth.routes.resetPassword.path, <ResetPasswordPage />],
      ]}
    />
  );
}
