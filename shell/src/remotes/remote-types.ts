import type { PackageType, RemoteKeys } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'remote-list';
import type { RemoteAppProps, RemoteLifecycles } from 'shared-ui';

// The shell's half of the typed contract (docs/CONTRACT.md): checked against the types each
// remote's own build exposes, which Module Federation's type consumption puts in @mf-types/
// (tools/build-config/federated-types.cjs, run by the typecheck script). Nothing here runs.

/** `<remote>/app` for every remote in remote-list/remotes.json. */
type AppKey = `${RemoteName}/app`;

/** Listed remotes whose exposed types have no `./app`: must be none. */
type RemotesWithoutApp = Exclude<AppKey, RemoteKeys>;

/** Remotes whose `./app` does not accept the props the shell passes its parcels: must be none. */
type AppsRefusingShellProps = {
  [K in AppKey]: PackageType<K> extends { default: RemoteLifecycles<RemoteAppProps> } ? never : K;
}[AppKey];

/** `true` when `Broken` is empty; otherwise a type error naming what broke the contract. */
type NoneOf<Broken> = [Broken] extends [never] ? true : { broken: Broken };

export const EVERY_REMOTE_EXPOSES_APP: NoneOf<RemotesWithoutApp> = true;
export const EVERY_APP_ACCEPTS_SHELL_PROPS: NoneOf<AppsRefusingShellProps> = true;
