/**
 * The messages only the feed's screens show, kept word for word (the ones several teams show are
 * shared-firebase's `MESSAGES`).
 */
export const FEED_MESSAGES = {
  emptyPost: "You can't make an EMPTY post",
  postCreated: 'Post has been made successfully',

  // A new post or a delete while the connection is gone or slow: what waits, and that it is kept.
  postWaitingForConnection:
    'Your post is waiting for a connection: it will be posted as soon as you are back online.',
  photoWaitingForConnection:
    'Your photo is ready and waiting for a connection: it will be uploaded and posted as soon as you are back online.',
  postFailed: 'The post could not be made. Please try again.',
  // The rules refused a write that mentions members: one of them blocked the writer.
  postMentionRefused:
    'The post could not be made: a member it mentions cannot be mentioned by you. Remove that @mention and try again.',
  textMentionRefused:
    'That could not be sent: a member it mentions cannot be mentioned by you. Remove that @mention and try again.',
  deleteWaitingForConnection: 'No connection: the post is deleted as soon as you are back online.',

  // Editing a post's caption and photo description.
  editEmpty: 'Write a caption: a post without a photo cannot be empty.',
  editTooLong: 'The caption or the description is too long.',
  editFailed: 'Your edit could not be saved. Check your connection and try again.',
  editSaved: 'Post updated. Its earlier version is kept under “Edited”.',

  // Saving posts for later (/saved).
  saveFailed: 'The post could not be saved. Please try again.',
  unsaveFailed: 'The post could not be removed from your saved posts. Please try again.',
  noSavedPosts: 'No saved posts yet. Choose Save on a post to keep it here; only you can see them.',
} as const;
