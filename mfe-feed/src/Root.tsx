// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, type RemoteAppProps } from 'shared-ui';
import { HomePage } from './pages/HomePage';
import { PostPage } from './pages/PostPage';
import { SavedPage } from './pages/SavedPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <RemoteRoutes
      routes={[
        [REMOTES.feed.routes.home.path, <HomePage />],
        [REMOTES.feed.routes.post.path, <PostPage />],
        [REMOTES.feed.routes.saved.path, <SavedPage />],
      ]}
    />
  );
}
