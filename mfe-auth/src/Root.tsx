import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ROUTES_OF } from 'remote-list';
import type { RemoteAppProps } from 'shared-ui';
import { LoginPage } from './pages/LoginPage';
import { SignUpPage } from './pages/SignUpPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES_OF.auth.login.path} element={<LoginPage />} />
        <Route path={ROUTES_OF.auth.signUp.path} element={<SignUpPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
