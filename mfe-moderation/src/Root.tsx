// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { RemoteRoutes, type RemoteAppProps } from 'shared-ui';
import { ModerationPage } from './pages/ModerationPage';
import { MyReportsPage } from './pages/MyReportsPage';

/** The remote's own router: it renders its routes and nothing for paths it does not own. */
export function Root(_props: RemoteAppProps) {
  return (
    <RemoteRoutes
      routes={[
        [REMOTES.moderation.routes.moderation.path, <ModerationPage />],
        [REMOTES.moderation.routes.reports.path, <MyReportsPage />],
      ]}
    />
  );
}
