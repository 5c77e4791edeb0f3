import type { RemoteAppProps, RemoteLifecycles } from 'shared-ui';
import type { FederationRuntime } from '../remotes/federation';

/** Lifecycles that render a marker into the parcel's DOM element, like a real remote would. */
export function markerLifecycles(text: string): RemoteLifecycles<RemoteAppProps> {
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const element = (props as unknown as { domElement: HTMLElement }).domElement;
      element.textContent = text;
    },
    unmount: async (props) => {
      const element = (props as unknown as { domElement: HTMLElement }).domElement;
      element.textContent = '';
    },
  };
}

/**
 * The federation runtime faked at its boundary: `loadRemote` answers from a script of results
 * (an Error is thrown, anything else resolved), one entry per call.
 */
export function scriptedRuntime(script: Array<unknown>) {
  const calls: string[] = [];
  const preloaded: string[] = [];
  const registered: Array<{ name: string; entry: string; force?: boolean }> = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) =>
      remotes.forEach((remote) => registered.push({ ...remote, force: options?.force })),
    loadRemote: async (id) => {
      calls.push(id);
      const next = script.length > 1 ? script.shift() : script[0];
      if (next instanceof Error) throw next;
      return next;
    },
    preloadRemote: async (remotes) => {
      preloaded.push(...remotes.map((remote) => remote.nameOrAlias));
    },
  };
  return { runtime, calls, registered, preloaded };
}
