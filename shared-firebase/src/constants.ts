/** Business constants from SPEC.md section 9 and the limits the project chose (docs/DATA_MODEL.md). */
/** Posts per page of the home feed (SPEC section 9). */
export const FEED_PAGE_SIZE = 3;
/** Posts per page of a profile (SPEC section 9). */
export const PROFILE_PAGE_SIZE = 3;
/** Tiles per page of the explore grid (SPEC section 9). */
export const EXPLORE_PAGE_SIZE = 9;
/** Members per page of the member list and of follower, following and liker lists. */
export const MEMBERS_PAGE_SIZE = 20;
/** Activity items per page of /activity. */
export const ACTIVITY_PAGE_SIZE = 20;
/** The bell counts unread items up to this many and shows "99+" beyond (UNREAD_SHOWN_MAX). */
export const UNREAD_COUNT_LIMIT = 100;
/** The largest unread count the bell shows as a number. */
export const UNREAD_SHOWN_MAX = 99;
/** How long member search waits after the last keystroke before it queries. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 250;
/** Longest user name, in characters; firestore.rules holds the same bound. */
export const USERNAME_MAX_LENGTH = 32;
/** Longest "about" text of a profile; firestore.rules holds the same bound. */
export const ABOUT_MAX_LENGTH = 500;
/** Longest post caption; firestore.rules holds the same bound. */
export const CAPTION_MAX_LENGTH = 2000;
/** Longest comment or reply; firestore.rules holds the same bound. */
export const COMMENT_MAX_LENGTH = 1000;
/**
 * The largest photo a member may choose (25 MiB): it is reduced in the browser before upload, so
 * a modern phone's photo is accepted. What is stored is far smaller (STORED_IMAGE_MAX_BYTES).
 */
export const IMAGE_MAX_BYTES = 25 * 1024 * 1024;
/** The largest stored size of a picture; storage.rules' `smallEnough()` holds the same bound. */
export const STORED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Firebase Auth's shortest password (it refuses shorter ones with auth/weak-password). */
export const PASSWORD_MIN_LENGTH = 6;
/**
 * The photo types a post accepts: raster images browsers show, never SVG (a document that can carry
 * script). storage.rules holds the same list for `{uid}/posts/`.
 */
export const RASTER_IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
];
/** Digits of each date-of-birth field on the sign-up and edit forms (SPEC section 9). */
export const DOB_FIELD_LENGTHS = { day: 2, month: 2, year: 4 } as const;
/** Storage SDK retry limits (SPEC section 9). */
export const STORAGE_MAX_OPERATION_RETRY_MS = 120_000;
export const STORAGE_MAX_UPLOAD_RETRY_MS = 600_000;
/** The Storage SDK's own resumable chunk cap; recorded here because SPEC names it. */
export const STORAGE_UPLOAD_CHUNK_CAP_BYTES = 33_554_432;
/** Firestore's limit on writes in one batch. */
export const MAX_BATCH_WRITES = 500;
/** Local storage key of the persisted session (SPEC section 3). */
export const SESSION_STORAGE_KEY = 'TOKEN';
