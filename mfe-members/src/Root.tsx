import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ROUTES_OF } from 'remote-list';
import type { RemoteAppProps } from 'shared-ui';
import { MembersPage } from './pages/MembersPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES_OF.members.members.path} element={<MembersPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
