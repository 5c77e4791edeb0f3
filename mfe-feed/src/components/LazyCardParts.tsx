import { lazyPart } from './lazyPart';
import type { BlockQuestionProps } from './BlockMember';
import type { CommentBoxProps } from './CommentBox';
import type { DeleteConfirmProps } from './DeleteConfirm';
import type { LikersProps } from './Likers';
import type { ReportDialogForProps } from './ReportButton';

/**
 * What a post card shows only when the member asks (its comments, who liked it, the report
 * dialog, the block and delete questions) is fetched then, so a list of posts, on the feed and
 * inside the profile, does not carry it (docs/PERFORMANCE.md, "What runs on the first view").
 */
export const LazyCommentBox = lazyPart<CommentBoxProps>(
  () => import('./CommentBox').then((module) => ({ default: module.CommentBox })),
  'comments',
);
export const LazyLikers = lazyPart<LikersProps>(
  () => import('./Likers').then((module) => ({ default: module.Likers })),
  'likes',
);
export const LazyReportDialog = lazyPart<ReportDialogForProps>(
  () => import('./ReportButton').then((module) => ({ default: module.ReportDialogFor })),
  'report form',
);
export const LazyBlockQuestion = lazyPart<BlockQuestionProps>(
  () => import('./BlockMember').then((module) => ({ default: module.BlockQuestion })),
  'block question',
);
export const LazyDeleteConfirm = lazyPart<DeleteConfirmProps>(
  () => import('./DeleteConfirm').then((module) => ({ default: module.DeleteConfirm })),
  'delete question',
);
