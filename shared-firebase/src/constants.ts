// The limits of the data contract: firestore.rules and storage.rules hold the same bounds, so every
// team that writes these fields checks them the same way before the rules refuse a write.
import rasterImageTypes from './media/rasterImageTypes.json';

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
/**
 * The photo types a post accepts: raster images browsers show, never SVG (a document that can carry
 * script). storage.rules holds the same list for `{uid}/posts/`; the list itself is a JSON file so
 * that tools outside the product's bundles read the same one.
 */
export const RASTER_IMAGE_TYPES: readonly string[] = rasterImageTypes;
/**
 * Most members one post, comment or reply may mention (its `mentions` list). firestore.rules holds
 * the same bound, checking each position on its own (rules have no loops) with two document reads
 * (the member exists, has not blocked the writer); a reply's rule reads three documents besides,
 * so three mentions is what fits Firestore's 10 reads per written document.
 */
export const MAX_MENTIONS = 3;
/**
 * Most members a stored text may name in `mentions`: texts written before MAX_MENTIONS was
 * lowered to three hold up to five, and readers still link all of them.
 */
export const MAX_STORED_MENTIONS = 5;
/**
 * `posts.likes` stops growing at this many uids (the old product's cap): the feed's function
 * lists likes up to it, then sets `likesComplete: false`; beyond it the like edges are the truth.
 */
export const LIKES_LIST_BOUND = 2000;
/**
 * `usersData.posts` stops growing at this many post ids (the old product's cap; firestore.rules
 * holds the same number): a new post beyond it is made without being listed, and the feed's
 * function sets `postsComplete: false`; beyond it `counts.posts` is the truth.
 */
export const POSTS_LIST_BOUND = 5000;
/** Firestore's limit on writes in one batch. */
export const MAX_BATCH_WRITES = 500;

/** A report's optional note and a moderator's reason: at most this many characters. */
export const REPORT_NOTE_MAX_LENGTH = 500;
