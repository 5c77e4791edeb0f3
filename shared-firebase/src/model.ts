import type { Timestamp } from 'firebase/firestore';

/**
 * The data model: the wire contract with existing databases, so every name is kept exactly.
 * docs/DATA_MODEL.md gives the rules, the write shapes and the team that owns each collection.
 */
export const COLLECTIONS = {
  usersData: 'usersData',
  following: 'Following',
  followers: 'Followers',
  posts: 'posts',
  explorePosts: 'explorePosts',
  comments: 'comments',
  /** `accountDeletions/{uid}`: an account deletion in progress (docs/DATA_MODEL.md). */
  accountDeletions: 'accountDeletions',
  /** Added beside the seed's collections: `activity/{recipientUid}/items/{itemId}`. */
  activity: 'activity',
  /** Added beside the seed's collections: `deletedPosts/{postId}`, a deleted post's tombstone. */
  deletedPosts: 'deletedPosts',
  /** Added beside the seed's collections: `bookmarks/{uid}/saved/{postId}`, a member's saved posts. */
  bookmarks: 'bookmarks',
  /** Added beside the seed's collections: `tagDays/{yyyy-mm-dd}`, a day's tag counts (explore). */
  tagDays: 'tagDays',
  /**
   * Added beside the seed's collections: `follows/{followerUid}_{targetUid}`, one document per
   * follow, the source of truth of the graph (profile; docs/DATA_MODEL.md "Follow edges").
   */
  follows: 'follows',
  /**
   * Added beside the seed's collections: `likes/{postId}_{uid}`, one document per like, the source
   * of truth of who likes what (feed; docs/DATA_MODEL.md "Like edges").
   */
  likes: 'likes',
  /**
   * Added beside the seed's collections: `blocks/{blockerUid}_{blockedUid}`, one document per block
   * (profile; docs/DATA_MODEL.md "Blocks and mutes").
   */
  blocks: 'blocks',
  /**
   * Added beside the seed's collections: `mutes/{muterUid}_{mutedUid}`, one document per mute,
   * private to the muter (profile; docs/DATA_MODEL.md "Blocks and mutes").
   */
  mutes: 'mutes',
  /**
   * Added beside the seed's collections: `timelines/{uid}` (the followed authors whose posts the
   * member's feed pulls) and `timelines/{uid}/entries/{postId}` (the posts pushed to the member's
   * feed), written by the feed's functions only (docs/DATA_MODEL.md "Timelines").
   */
  timelines: 'timelines',
  /**
   * Added beside the seed's collections: `reports/{targetKey}_{uid}`, one member's report of a post,
   * comment, reply or member (moderation; docs/DATA_MODEL.md "Reports and moderation").
   */
  reports: 'reports',
  /**
   * Added beside the seed's collections: `moderationCases/{targetKey}`, the reports of one thing
   * gathered by the moderation team's function (moderators only).
   */
  moderationCases: 'moderationCases',
  /**
   * Added beside the seed's collections: `userNames/{claimId}` `{ uid }`, which member holds a
   * name once normalised (docs/DATA_MODEL.md "Unique names").
   */
  userNames: 'userNames',
  /**
   * Added beside the seed's collections: `nameReviews/{uid}`, written by the profile codebase's
   * function when a member's stored name key is not their name's (server only; the member reads it).
   */
  nameReviews: 'nameReviews',
  /**
   * Added beside the seed's collections: `postCards/{postId}`, the post without `followers` and
   * `likes`, what readers download; written by the feed's function only (docs/DATA_MODEL.md
   * "Post cards").
   */
  postCards: 'postCards',
  /**
   * Added beside the seed's collections: `memberCards/{uid}`, `usersData` without its lists, what
   * readers download; written by the profile's function only (docs/DATA_MODEL.md "Member cards").
   */
  memberCards: 'memberCards',
  /**
   * `migrations/{name}`, the one-off migrations' progress, written by their commands only
   * (docs/DATA_MODEL.md); members read the cards migrations' (`postCards`, `memberCards`) to know
   * whether a list of cards is complete yet.
   */
  migrations: 'migrations',
} as const;

/**
 * `usersData.counts`, added beside the seed's fields and written only by the teams' functions
 * (docs/DATA_MODEL.md "Counts"): `posts` (feed) counts the member's real posts, `followers` and
 * `following` (profile) the lengths of their lists. Absent until a function first counted.
 */
export interface MemberCounts {
  posts?: number;
  /** The length of `usersData.posts` when `posts` was counted: ids listed since are not in it. */
  postsListed?: number;
  followers?: number;
  following?: number;
}

/** `posts.counts`, written only by the feed's functions: `likes.length` and the post's comments. */
export interface PostCounts {
  likes?: number;
  comments?: number;
}

/** A `deletedPosts/{postId}` document: the id belonged to a post of `uid` that was deleted. */
export interface DeletedPost {
  uid: string;
  /** Null only in the local echo before the server time arrives. */
  deletedAt: Timestamp | null;
}

/** A `bookmarks/{uid}/saved/{postId}` document: the member saved that post (only they see it). */
export interface SavedPost {
  postId: string;
  /** Null only in the local echo before the server time arrives. */
  savedAt: Timestamp | null;
}

/** The sub-collection of `activity/{recipientUid}` that holds the items. */
export const ACTIVITY_ITEMS = 'items';

/**
 * The sub-collection of `activity/{recipientUid}` that holds the activity functions' notice
 * records (server only: no rule lets a client read or write it).
 */
export const ACTIVITY_NOTICES = 'notices';

/** The sub-collection of `posts/{postId}` that holds the versions its edits replaced. */
export const POST_EDITS = 'edits';

/**
 * The sub-collection of `bookmarks/{uid}` that holds the member's saved posts, one per post. A name
 * no other collection has, so a collection-group query on it finds bookmarks and nothing else.
 */
export const SAVED_POSTS = 'saved';

/**
 * The sub-collection of `timelines/{uid}` that holds the posts pushed to the member's feed, one per
 * post. A name no other collection has, so a collection-group query on it finds entries only.
 */
export const TIMELINE_ENTRIES = 'entries';

/** A `timelines/{uid}/entries/{postId}` document: a post in the member's home feed. */
export interface TimelineEntry {
  postId: string;
  /** The post's author (`posts.uid`): an unfollow removes that author's entries. */
  author: string;
  /** The post's `createdAt`: the feed's order. */
  createdAt: Timestamp;
}

/**
 * `timelines/{uid}.pulled` lists at most this many authors: each is more work for each feed page
 * (the feed queries them 30 to a query), and a member follows few authors above the threshold.
 * Beyond it an author is not listed.
 */
export const PULLED_AUTHORS_BOUND = 100;

/** A `timelines/{uid}` document: the followed authors whose posts the member's feed pulls. */
export interface Timeline {
  pulled: string[];
}

/** Storage folders, under the owner's uid. */
export const STORAGE_FOLDERS = {
  posts: 'posts',
  profilePictures: 'pfps',
  profileCovers: 'pfcovers',
} as const;

/** Every field but userName may be null until the member fills it in (docs/DATA_MODEL.md). */
export interface UserInfo {
  From: string | null;
  Lives: string | null;
  userAbout: string | null;
  userAge: number | null;
  userName: string;
  userGender: string | null;
  /** Stored as "<ordinal day> <month abbreviation> <year>", e.g. "3rd Jul 1990" (see docs/DATA_MODEL.md). */
  dob: string | null;
}

/** A `usersData/{uid}` document: a member's profile, pictures, posts and connections. */
export interface UserData {
  posts: string[];
  connections: { Followers: string[]; Following: string[] };
  profilePictures: {
    profilePicture: string | null;
    profileCover: string | null;
    /** The small size of profilePicture (top bar, lists); absent on pictures older than it. */
    profilePictureSmall?: string | null;
  };
  userInfo: UserInfo;
  /**
   * Added beside the seed's fields: `userInfo.userName` lower-cased, what member search ranges
   * over (docs/DATA_MODEL.md "Member search"). Missing on members who signed up before it existed
   * until their next sign-in repairs it.
   */
  searchName?: string;
  /**
   * Added beside the seed's fields: the id of the member's `userNames` claim, `userNameClaimId` of
   * `userInfo.userName` (docs/DATA_MODEL.md "Unique names"). Missing on members from before it
   * until their next sign-in claims their name.
   */
  nameKey?: string;
  /** Added beside the seed's fields, by functions only (see MemberCounts). */
  counts?: MemberCounts;
  /**
   * Added beside the seed's fields, by the feed's function only: `posts` is at POSTS_LIST_BOUND and
   * the member has posts it does not list; `counts.posts` is then the truth. Absent otherwise.
   */
  postsComplete?: false;
  /**
   * Added beside the seed's fields, by the moderation team's function only: the author is
   * suspended, so the app hides this from everyone else (docs/DATA_MODEL.md "Suspended members").
   * Absent otherwise.
   */
  authorSuspended?: true;
}

/** A `userNames/{claimId}` document: the member who holds that normalised name. */
export interface UserNameClaim {
  uid: string;
}

/** A `nameReviews/{uid}` document: why the member is asked to choose a new name. */
export interface NameReview {
  reason: 'key-mismatch';
  userName: string;
}

/** A `Following/{uid}` document: whom the member follows. */
export interface FollowingDoc {
  Following: string[];
  /** As `FollowersDoc.complete`: `false` once a followed member could not be listed. */
  complete?: boolean;
}

/** A `Followers/{uid}` document: who follows the member. */
export interface FollowersDoc {
  Followers: string[];
  /**
   * Added beside the seed's field, by the profile's function only: `false` once a follower could
   * not be listed because `Followers` is at its bound (the list is then no longer every
   * follower; the follow edges are). Absent while the list is complete.
   */
  complete?: boolean;
}

/** A `blocks/{blockerUid}_{blockedUid}` document: one block (docs/DATA_MODEL.md). */
export interface BlockEdge {
  blocker: string;
  blocked: string;
  createdAt: Timestamp;
}

/** A `mutes/{muterUid}_{mutedUid}` document: one mute, the muter's alone (docs/DATA_MODEL.md). */
export interface MuteEdge {
  muter: string;
  muted: string;
  createdAt: Timestamp;
}

/** A `follows/{followerUid}_{targetUid}` document: one follow (docs/DATA_MODEL.md). */
export interface FollowEdge {
  follower: string;
  target: string;
  createdAt: Timestamp;
}

/**
 * A `likes/{postId}_{uid}` document: one like (docs/DATA_MODEL.md "Like edges"). `author` is the
 * post's author, so a block finds the blocked member's likes of the blocker's posts.
 */
export interface LikeEdge {
  postId: string;
  uid: string;
  author: string;
  createdAt: Timestamp;
  /** Written by the likes migration only: a like the old product had already notified. */
  migrated?: true;
}

/** A `posts/{postId}` document. */
export interface Post {
  postImage: string | null;
  postCaption: string | null;
  uid: string;
  postId: string;
  followers: string[];
  /** Filled by the feed's function from the like edges, up to LIKES_LIST_BOUND members. */
  likes: string[];
  /**
   * Added beside the seed's fields, by the feed's function only: `false` once a like could not be
   * listed because `likes` is at its bound (the list is then no longer every liker; the like
   * edges are). Absent while the list is complete.
   */
  likesComplete?: boolean;
  /** Null only in the local echo before the server time arrives. */
  createdAt: Timestamp | null;
  /** The square thumbnail beside postImage (grids); absent on posts older than it. */
  postThumbnail?: string;
  /** postImage's pixel size, so its box is laid out before it arrives; absent on older posts. */
  postImageWidth?: number;
  postImageHeight?: number;
  /**
   * The author's description of the photo for people who cannot see it (alt text; the feed team's
   * field, docs/DATA_MODEL.md). Absent when none was written, and on posts older than it.
   */
  postImageAlt?: string;
  /**
   * Every photo of a post of several, in order (the feed team's field, docs/DATA_MODEL.md
   * "Several photos"): 2 to 10, the first being the photo of postImage and the fields beside it.
   * Absent on a post of one photo or none.
   */
  photos?: PostPhotos;
  /**
   * When the author last edited the caption or the description (the feed team's field,
   * docs/DATA_MODEL.md "Editing a post"); absent on a post never edited.
   */
  editedAt?: Timestamp | null;
  /** How many edits the post has had: the id of its next history entry. Absent means 0. */
  editCount?: number;
  /** Added beside the seed's fields, by the feed's functions only (see PostCounts). */
  counts?: PostCounts;
  /**
   * The members the caption mentions (`@Name` picked from the suggestions), at most MAX_MENTIONS
   * uids (the feed team's field, docs/DATA_MODEL.md "Mentions"); absent when it mentions nobody.
   */
  mentions?: string[];
  /**
   * The caption's distinct hashtags, normalised, as its text links them (at most 30), written only
   * by the explore team's function (docs/DATA_MODEL.md "Tags"). Absent on a post without tags and
   * until the function ran.
   */
  tags?: string[];
  /**
   * Added beside the seed's fields, by the moderation team's function only: the author is
   * suspended, so the app hides this from everyone else (docs/DATA_MODEL.md "Suspended members").
   * Absent otherwise.
   */
  authorSuspended?: true;
}

/**
 * A `postCards/{postId}` document: the post without its follower and liker lists, copied by the
 * feed's function on every write of the post (docs/DATA_MODEL.md "Post cards"). A reader takes a
 * `Post` where its card does not exist yet (a post from before the cards).
 */
export type PostCard = Omit<Post, 'followers' | 'likes'>;

/**
 * A `memberCards/{uid}` document: `usersData` without `posts` and `connections`, copied by the
 * profile's function on every write of it (docs/DATA_MODEL.md "Member cards").
 */
export type MemberCard = Omit<UserData, 'posts' | 'connections'> & {
  /** `usersData.posts.length` when copied; absent on a `usersData` read in its place. */
  postsListLength?: number;
};

/** One tag's count in a `tagDays` document. */
export interface TagCount {
  tag: string;
  /** Posts created that day whose caption has the tag now (always at least 1). */
  count: number;
}

/**
 * A `tagDays/{yyyy-mm-dd}` document (UTC day), written only by the explore team's function: the
 * tags of the posts created that day, most used first (docs/DATA_MODEL.md "Tags").
 */
export interface TagDay {
  counts: TagCount[];
}

/**
 * `posts.photos`: the photos of a post of several, as parallel lists (element i describes photo
 * i), so that the rules can check each list as a whole (docs/DATA_MODEL.md "Several photos").
 */
export interface PostPhotos {
  /** The display sizes' download URLs; the first equals the post's postImage. */
  images: string[];
  /** The square thumbnails' download URLs; the first equals the post's postThumbnail. */
  thumbnails: string[];
  /** The display sizes' pixels; the first equal the post's postImageWidth and postImageHeight. */
  widths: number[];
  heights: number[];
  /**
   * The author's descriptions, null for none. The first is always null: the first photo's
   * description is the post's postImageAlt (the one an edit changes).
   */
  alts: (string | null)[];
}

/**
 * A `posts/{postId}/edits/{n}` document: the version of a post that its edit number n replaced,
 * exactly as the post held it, kept so that anyone can see what a post said before.
 */
export interface PostEdit {
  /** The post's author. */
  uid: string;
  postCaption: string | null;
  /** The (first) photo's description then; null for none. */
  postImageAlt: string | null;
  /**
   * On a post of several photos, the post's `photos.alts` then (the first null, as there): every
   * other photo's description. Absent on other posts, and on entries older than it.
   */
  photoAlts?: (string | null)[];
  /** When that version was written: the post's `createdAt`, or the previous edit's time. */
  versionAt: Timestamp;
  /** When the edit replaced it. Null only in the local echo before the server time arrives. */
  replacedAt: Timestamp | null;
}

/** An `explorePosts/{postId}` document: the photo posts the explore grid shows. */
export interface ExplorePost {
  postImage: string;
  uid: string;
  postId: string;
  createdAt: Timestamp | null;
  /** The post's square thumbnail, which the grid shows; absent on entries older than it. */
  postThumbnail?: string;
  /** The post's `postImageAlt`, copied with it; absent when the post has none. */
  postImageAlt?: string;
  /** How many photos a post of several has (the grid's marker); absent on a post of one. */
  photoCount?: number;
  /**
   * Added beside the seed's fields, by the moderation team's function only: the author is
   * suspended, so the app hides this from everyone else (docs/DATA_MODEL.md "Suspended members").
   * Absent otherwise.
   */
  authorSuspended?: true;
}

/**
 * One reply inside `comments.replies`. `id` and `createdAt` were added beside the seed's two fields
 * (docs/DATA_MODEL.md "Replies"): replies written before them have neither and show no time.
 */
export interface Reply {
  reply: string;
  userId: string;
  /** A stable identity within the thread (a Firestore auto-id), for lists and deletion. */
  id?: string;
  /** When the reply was written, by the writer's clock (arrays cannot hold server times). */
  createdAt?: Timestamp;
  /** The members the reply mentions (see Post.mentions); only beside `id` and `createdAt`. */
  mentions?: string[];
}

/** A `comments/{commentId}` document, with its replies inline. */
export interface Comment {
  comment: string;
  replies: Reply[];
  postId: string;
  userId: string;
  createdAt: Timestamp | null;
  /** The members the comment mentions (see Post.mentions). */
  mentions?: string[];
  /**
   * Added beside the seed's fields, by the moderation team's function only: the author is
   * suspended, so the app hides this from everyone else (docs/DATA_MODEL.md "Suspended members").
   * Absent otherwise.
   */
  authorSuspended?: true;
  /**
   * Added beside the seed's fields, by the moderation team's function only: the suspended members
   * whose replies in this thread the app hides from everyone else. Absent when none.
   */
  suspendedRepliers?: string[];
}

/**
 * The steps of the server's account deletion job (the profile codebase's `deleteAccountJob`), in
 * the order it runs them, with what the member's page shows while each runs
 * (docs/DATA_MODEL.md "Deleting an account").
 */
export const ACCOUNT_DELETION_STEPS = [
  { id: 'pictures', label: 'Removing your pictures from your profile' },
  { id: 'following', label: 'Unfollowing everyone you follow' },
  { id: 'followers', label: 'Removing your followers' },
  { id: 'likes', label: 'Taking back your likes' },
  { id: 'comments', label: 'Deleting your comments' },
  { id: 'replies', label: 'Deleting your replies' },
  { id: 'posts', label: 'Deleting your posts' },
  { id: 'activity', label: 'Deleting your activity' },
  { id: 'saved', label: 'Deleting your saved posts' },
  { id: 'timeline', label: 'Clearing your home feed' },
  { id: 'safety', label: 'Removing your blocks and mutes' },
  { id: 'files', label: 'Deleting your photos and pictures' },
  { id: 'documents', label: 'Deleting your profile' },
  { id: 'account', label: 'Deleting your sign-in' },
] as const;

/** One step's id in ACCOUNT_DELETION_STEPS. */
export type AccountDeletionStepId = (typeof ACCOUNT_DELETION_STEPS)[number]['id'];

/**
 * An `accountDeletions/{uid}` document: the member's request to delete their account, which the
 * member creates with `startedAt` only; every other field is the server job's progress.
 */
export interface AccountDeletionMark {
  /** Null only in the local echo before the server time arrives. */
  startedAt: Timestamp | null;
  /** Absent until the job's first slice ran; `done` once the Auth account is gone. */
  status?: 'running' | 'done';
  /** The steps finished, in order. */
  stepsDone?: AccountDeletionStepId[];
  /** Documents, references or files each step removed so far. */
  counts?: Partial<Record<AccountDeletionStepId, number>>;
}

/** A document's data together with its id. */
export type WithId<T> = T & { id: string };

/**
 * What happened to the recipient: their post liked or commented, their comment replied, them
 * followed, them mentioned in a post, comment or reply. Readers must expect a kind they do not
 * know yet (an item written by newer functions than the page).
 */
export type ActivityType = 'like' | 'comment' | 'reply' | 'follow' | 'mention';

/** An `activity/{recipientUid}/items/{itemId}` document (docs/DATA_MODEL.md "Activity"). */
export interface ActivityItem {
  type: ActivityType;
  /** Who acted; never the recipient. */
  actor: string;
  /** The post liked, commented on or mentioning the recipient (a reply's post); null for a follow. */
  postId: string | null;
  /** The comment made or replied to; null for a like or a follow. */
  commentId: string | null;
  createdAt: Timestamp | null;
  read: boolean;
  /**
   * Added beside the seed's fields, by the moderation team's function only: the actor is
   * suspended, so the app hides this from everyone else (docs/DATA_MODEL.md "Suspended members").
   * Absent otherwise.
   */
  authorSuspended?: true;
}

/** What a member reports: a post, a comment, one reply of a comment, or a member. */
export type ReportKind = 'post' | 'comment' | 'reply' | 'member';

/** Why a member reports something (docs/DATA_MODEL.md "Reports and moderation"). */
export type ReportReason =
  'spam' | 'harassment' | 'hate' | 'sexual' | 'violence' | 'impersonation' | 'other';

/**
 * What a report points at: `targetId` is the post id, the comment id or the member's uid; a reply
 * is `replyId` of comment `targetId`. `postId` is the post a comment or reply is on (its context).
 */
export interface ReportTarget {
  kind: ReportKind;
  targetId: string;
  replyId?: string;
  postId?: string;
}

/** How a case ended, as its reporters read it on their report. */
export type ModerationOutcome = 'dismissed' | 'removed' | 'suspended';

/** A `reports/{targetKey}_{reporterUid}` document: one member's report of one thing. */
export interface Report {
  reporterUid: string;
  kind: ReportKind;
  targetId: string;
  /** The reply's id for a reply; null otherwise. */
  replyId: string | null;
  /** The post a comment or reply is on; null for a post or a member. */
  postId: string | null;
  targetKey: string;
  reason: ReportReason;
  /** The reporter's words, at most REPORT_NOTE_MAX_LENGTH characters; null when none. */
  note: string | null;
  /** Null only in the local echo before the server time arrives. */
  createdAt: Timestamp | null;
  /** Written by the moderation function once a moderator acted on the case. */
  outcome?: ModerationOutcome;
  outcomeAt?: Timestamp;
  /** Written by the moderation function once the report is counted in its case. */
  gatheredAt?: Timestamp;
}

/** Where a case stands: waiting for a moderator, or how a moderator closed it. */
export type ModerationCaseStatus = 'open' | ModerationOutcome;

/** A `moderationCases/{targetKey}` document, written only by the moderation function. */
export interface ModerationCase {
  targetKey: string;
  kind: ReportKind;
  targetId: string;
  replyId: string | null;
  postId: string | null;
  /** Who wrote the reported thing (the member, for a member report); null when it is gone. */
  authorUid: string | null;
  /** The reported text as it was when last reported (caption, comment or reply), or null. */
  text: string | null;
  /** The post's photo as it was when last reported, or null. */
  image: string | null;
  /** How many members reported it, and how many gave each reason. */
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  latestAt: Timestamp;
  status: ModerationCaseStatus;
}

/** What a moderator does to a case. */
export type ModerationActionKind = 'dismiss' | 'remove' | 'suspend' | 'unsuspend';

/**
 * A `moderationCases/{targetKey}/actions/{actionId}` document: written by a moderator, carried out
 * by the moderation function (which re-checks the claim) and kept as the case's log.
 */
export interface ModerationAction {
  kind: ModerationActionKind;
  /** The moderator's uid. */
  by: string;
  /** Why, in the moderator's words (1 to REPORT_NOTE_MAX_LENGTH characters). */
  reason: string;
  /** Null only in the local echo before the server time arrives. */
  at: Timestamp | null;
  /** Written by the function: done, or refused (the writer was not a moderator, or nothing to do). */
  result?: 'done' | 'refused';
  doneAt?: Timestamp;
}

/** The sub-collection of `moderationCases/{targetKey}` that holds the moderators' actions. */
export const MODERATION_ACTIONS = 'actions';
