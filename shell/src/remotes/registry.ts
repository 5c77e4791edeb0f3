import { REMOTE_NAMES } from 'remote-list';
import type { RemoteName } from 'remote-list';

/** remotes.json: remote name → URL of that remote's mf-manifest.json. */
export type RemoteRegistry = Partial<Record<RemoteName, string>>;

export const REMOTES_JSON_PATH = '/remotes.json';

/** Checks remotes.json's shape; a bad entry is dropped with a warning rather than breaking the page. */
export function parseRegistry(value: unknown): RemoteRegistry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('remotes.json must be an object of remote name → manifest URL.');
  }
  const registry: RemoteRegistry = {};
  for (const [name, url] of Object.entries(value)) {
    if (!REMOTE_NAMES.includes(name as RemoteName) || typeof url !== 'string' || url === '') {
      console.warn(`remotes.json: ignoring entry "${name}"`);
      continue;
    }
    registry[name as RemoteName] = url;
  }
  return registry;
}

export async function fetchRegistry(url: string = REMOTES_JSON_PATH): Promise<RemoteRegistry> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return parseRegistry(await response.json());
}
