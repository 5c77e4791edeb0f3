import { createRemoteApp } from 'shared-ui';
import { TagPostList } from './TagPostList';
import type { TagPostListProps } from './TagPostList';
// Styles are imported by the exposed modules, and nowhere else (docs/CONTRACT.md).
import './feed.css';

/** The exposed `./tag-post-list`: single-spa lifecycles around one tag's paged post list. */
const lifecycles = createRemoteApp<TagPostListProps>(TagPostList);
export default lifecycles;
export const { bootstrap, mount, unmount, update } = lifecycles;
export type { TagPostListProps };
