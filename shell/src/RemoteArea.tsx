import { useCallback } from 'react';
import { mountRootParcel } from 'single-spa';
import { RemoteParcel } from 'shared-ui';
import type { RemoteAppProps } from 'shared-ui';
import { REMOTE_LABELS } from './routes';
import type { RemoteName } from './routes';
import { loadRemoteApp, realRuntime } from './remotes/federation';
import type { FederationRuntime } from './remotes/federation';
import type { RemoteRegistry } from './remotes/registry';

export interface RemoteAreaProps {
  name: RemoteName;
  registry: RemoteRegistry;
  runtime?: FederationRuntime;
}

/** Mounts one remote's `./app` in the page's main area, with the shared retry and fallback. */
export function RemoteArea({ name, registry, runtime }: RemoteAreaProps) {
  const load = useCallback(() => loadRemoteApp(name, registry, runtime), [name, registry, runtime]);
  const loadRemoteModule = useCallback(
    async (id: string) => {
      const remote = id.split('/')[0] as RemoteName;
      if (!registry[remote]) throw new Error(`remotes.json has no entry for "${remote}".`);
      return (runtime ?? realRuntime).loadRemote(id);
    },
    [registry, runtime],
  );
  return (
    <RemoteParcel<RemoteAppProps>
      label={REMOTE_LABELS[name]}
      load={load}
      mountParcel={mountRootParcel}
      parcelProps={{ loadRemoteModule }}
      className={`shell-remote shell-remote--${name}`}
    />
  );
}
