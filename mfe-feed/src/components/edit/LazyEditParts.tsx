import { lazyPart } from '../lazyPart';
import type { EditPostFormProps } from './EditPostForm';
import type { PostHistoryProps } from './PostHistory';

/**
 * The edit form and the history are chunks of their own: only an author who edits, or a member
 * who opens a history, fetches them, so the feed's first view does not carry them
 * (docs/PERFORMANCE.md, the signed-in routes' JavaScript budget).
 */
export const LazyEditPostForm = lazyPart<EditPostFormProps>(
  () => import('./EditPostForm').then((module) => ({ default: module.EditPostForm })),
  'edit form',
);
export const LazyPostHistory = lazyPart<PostHistoryProps>(
  () => import('./PostHistory').then((module) => ({ default: module.PostHistory })),
  'earlier versions',
);
