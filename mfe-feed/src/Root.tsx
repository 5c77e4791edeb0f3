import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ROUTES_OF } from 'remote-list';
import type { RemoteAppProps } from 'shared-ui';
import { HomePage } from './pages/HomePage';
import { PostPage } from './pages/PostPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES_OF.feed.home.path} element={<HomePage />} />
        <Route path={ROUTES_OF.feed.post.path} element={<PostPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
