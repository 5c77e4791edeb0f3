import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lifecyclesOf } from 'shared-ui';
import type { RemoteAppProps, RemoteLifecycles } from 'shared-ui';
import type { RemoteName } from '../routes';
import type { RemoteRegistry } from './registry';

/** The federation runtime calls the shell makes; tests replace this boundary. */
export interface FederationRuntime {
  registerRemotes: (
    remotes: Array<{ name: string; entry: string }>,
    options?: { force?: boolean },
  ) => void;
  loadRemote: (id: string) => Promise<unknown>;
  preloadRemote: (
    remotes: Array<{ nameOrAlias: string; exposes: string[]; share: boolean }>,
  ) => Promise<void>;
}

export const realRuntime: FederationRuntime = { registerRemotes, loadRemote, preloadRemote };

/** Registers every remote of remotes.json with the runtime; nothing loads until a route needs it. */
export function registerRegistry(
  registry: RemoteRegistry,
  runtime: FederationRuntime = realRuntime,
) {
  runtime.registerRemotes(
    Object.entries(registry).map(([name, entry]) => ({ name, entry: entry as string })),
  );
}

/**
 * A preload hint: fetches the remote's entry and puts `<link rel="preload">` for the chunks of its
 * `./app`, so that mounting it later waits for nothing. Shared libraries are left to the normal
 * negotiation (the page's copy wins). Only a hint: failures are logged, and the next real load
 * retries.
 */
export function preloadRemoteApp(
  name: RemoteName,
  registry: RemoteRegistry,
  runtime: FederationRuntime = realRuntime,
): void {
  if (!registry[name]) return;
  runtime
    .preloadRemote([{ nameOrAlias: name, exposes: ['./app'], share: false }])
    .catch((error: unknown) => console.warn(`Preloading ${name} failed`, error));
}

/** One attempt at loading `<name>/app`; the caller retries. */
export async function loadRemoteApp(
  name: RemoteName,
  registry: RemoteRegistry,
  runtime: FederationRuntime = realRuntime,
): Promise<RemoteLifecycles<RemoteAppProps>> {
  const entry = registry[name];
  if (!entry) throw new Error(`remotes.json has no entry for "${name}".`);
  let module: unknown;
  try {
    module = await runtime.loadRemote(`${name}/app`);
  } catch (error) {
    // A failed entry load is remembered by the runtime; registering again lets the next attempt
    // fetch the manifest afresh (the remote may be back).
    runtime.registerRemotes([{ name, entry }], { force: true });
    throw error;
  }
  return lifecyclesOf(module, `${name}/app`);
}
