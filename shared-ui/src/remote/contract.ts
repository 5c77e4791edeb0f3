import type { LifeCycles } from 'single-spa';

/**
 * The contract between the shell and every remote (docs/CONTRACT.md). A remote's exposed module
 * `./app` default-exports single-spa lifecycles that accept these props. Only add optional props:
 * remotes built against an older contract must keep working.
 */
export interface RemoteAppProps {
  /** Called when the remote fails while rendering; the host replaces the area with its fallback. */
  onError?: (error: Error) => void;
  /**
   * Loads another remote's exposed module, e.g. `feed/post-list`, through the host's federation
   * runtime (the host owns the registry of remotes).
   */
  loadRemoteModule?: (id: string) => Promise<unknown>;
}

export type RemoteLifecycles<Props extends object = RemoteAppProps> = LifeCycles<Props>;

/** A federation module whose default export is a remote's lifecycles. */
export interface RemoteLifecyclesModule<Props extends object = RemoteAppProps> {
  default: RemoteLifecycles<Props>;
}

/** Whether a loaded federation module default-exports single-spa lifecycles. */
export function isLifecyclesModule(value: unknown): value is RemoteLifecyclesModule {
  const lifecycles = (value as { default?: Record<string, unknown> } | null)?.default;
  return (
    typeof lifecycles?.['bootstrap'] === 'function' &&
    typeof lifecycles['mount'] === 'function' &&
    typeof lifecycles['unmount'] === 'function'
  );
}

/**
 * The lifecycles a loaded exposed module (`id`, e.g. `feed/post-list`) default-exports, checked
 * before anything mounts them; throws when the module breaks the contract, so the area shows its
 * fallback instead of a half-mounted remote.
 */
export function lifecyclesOf<Props extends object = RemoteAppProps>(
  module: unknown,
  id: string,
): RemoteLifecycles<Props> {
  if (!isLifecyclesModule(module)) {
    throw new Error(`${id} does not export single-spa lifecycles.`);
  }
  return module.default as RemoteLifecycles<Props>;
}
