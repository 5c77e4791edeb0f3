import { createRemoteApp } from 'shared-ui';
import { AuthorPostList } from './AuthorPostList';
import type { AuthorPostListProps } from './AuthorPostList';
// Styles are imported by the exposed modules, and nowhere else (docs/CONTRACT.md).
import './feed.css';

/** The exposed `./post-list`: single-spa lifecycles around one author's paged post list. */
const lifecycles = createRemoteApp<AuthorPostListProps>(AuthorPostList);
export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
export type { AuthorPostListProps };
