// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, type RemoteAppProps } from 'shared-ui';
import { ExplorePage } from './pages/ExplorePage';
import { TagPage } from './pages/TagPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root({ loadRemoteModule }: RemoteAppProps) {
  return (
    <RemoteRoutes
      routes={[
        [REMOTES.explore.routes.explore.path, <ExplorePage />],
        [REMOTES.explore.routes.tag.path, <TagPage loadRemoteModule={loadRemoteModule} />],
      ]}
    />
  );
}
