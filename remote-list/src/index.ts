// The one list of remotes (remotes.json): name, folder, dev port, the label the shell shows for
// its area, and the routes it owns. The federation config (tools/build-config/federation.cjs), the
// shell's registry and route table, and each remote's own router all read it. A route is read one
// way everywhere, from the JSON: `REMOTES.feed.routes.post.path` (import REMOTES from
// 'remote-list/remotes.json'), so a remote's bundle keeps only the properties it reads.
import remotes from '../remotes.json';

export type RemoteName = keyof typeof remotes;

/**
 * public: anyone; guestOnly: signed-out visitors (members go to /); protected: members only;
 * moderator: members whose ID token carries the Auth custom claim `moderator: true`.
 */
export type Access = 'public' | 'guestOnly' | 'protected' | 'moderator';

export interface RemoteRoute {
  path: string;
  access: Access;
  /** A link in the top bar's main navigation with this text, shown to whoever may visit it. */
  nav?: string;
  /** An item of the account menu with this text. */
  menu?: string;
}

/** Every remote the shell knows, in list order. */
export const REMOTE_NAMES = Object.keys(remotes) as RemoteName[];

/** Human names of the remote areas, for loading and fallback messages. */
export const REMOTE_LABELS = Object.fromEntries(
  Object.entries(remotes).map(([name, remote]) => [name, remote.label]),
) as Record<RemoteName, string>;
