import { createRemoteApp } from 'shared-ui';
import { Root } from './Root';

/** The remote's exposed `./app`: single-spa lifecycles around its root (docs/CONTRACT.md). */
const lifecycles = createRemoteApp(Root);
export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
