// How far the bell counts: plain numbers, so the top bar's first chunk shows the bell without the
// Firestore code that reads the count.

/** The largest unread count the bell shows as a number. */
export const UNREAD_SHOWN_MAX = 99;
/** The bell counts unread items up to this many and shows "99+" beyond (UNREAD_SHOWN_MAX). */
export const UNREAD_COUNT_LIMIT = UNREAD_SHOWN_MAX + 1;
