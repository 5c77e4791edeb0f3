import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-ui';
import { HomePage } from './pages/HomePage';
import { PostPage } from './pages/PostPage';
import './feed.css';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/post/:postId" element={<PostPage />} />
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
