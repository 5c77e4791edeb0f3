import { createRemoteApp } from 'shared-ui';
import { Root } from './Root';
// Styles are imported here, by the exposed module, and nowhere else (docs/CONTRACT.md).
import './moderation.css';

/** The remote's exposed `./app`: single-spa lifecycles around its root (docs/CONTRACT.md). */
const lifecycles = createRemoteApp(Root);
export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
