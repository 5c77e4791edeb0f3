import fs from 'node:fs';

export interface RemoteEntry {
  folder: string;
  port: number;
  label: string;
  routes: Record<string, { path: string; access: string }>;
}

/**
 * The one list of remotes (remote-list/remotes.json), read from disk: Playwright's loader fails on
 * a JSON module import from a workspace package once global setup has run.
 */
export const REMOTES: Record<string, RemoteEntry> = JSON.parse(
  fs.readFileSync(require.resolve('remote-list/remotes.json'), 'utf8'),
);
