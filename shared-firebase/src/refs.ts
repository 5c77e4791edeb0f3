import { collection, doc } from 'firebase/firestore';
import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  SnapshotOptions,
} from 'firebase/firestore';
import { likeEdgeId } from './data/likeEdges';
import { getDb } from './db';
import { ACTIVITY_ITEMS, COLLECTIONS, POST_EDITS, SAVED_POSTS, TIMELINE_ENTRIES } from './model';
import type {
  AccountDeletionMark,
  ActivityItem,
  Comment,
  DeletedPost,
  ExplorePost,
  FollowEdge,
  LikeEdge,
  FollowersDoc,
  FollowingDoc,
  MemberCard,
  Post,
  PostCard,
  PostEdit,
  SavedPost,
  TagDay,
  Timeline,
  TimelineEntry,
  UserData,
  NameReview,
  UserNameClaim,
} from './model';

/** Types a collection by the data model; the rules, not this converter, validate what is stored. */
function modelConverter<T extends DocumentData>(): FirestoreDataConverter<T, T> {
  return {
    toFirestore: (data) => data as T,
    fromFirestore: (snapshot: QueryDocumentSnapshot<T, T>, options?: SnapshotOptions) =>
      snapshot.data(options),
  };
}

/**
 * A collection of the page's Firestore typed by its document type: how a team reads and writes a
 * collection of its own (`typedCollection<Saved>('saved')`) with the same SDK and handles as every
 * other, and no change to this package. `path` may name a sub-collection ('activity/u1/items').
 */
export function typedCollection<T extends DocumentData>(path: string): CollectionReference<T, T> {
  return collection(getDb(), path).withConverter(modelConverter<T>());
}

/** One document of a typed collection (see `typedCollection`). */
export function typedDoc<T extends DocumentData>(
  path: string,
  id: string,
): DocumentReference<T, T> {
  return doc(typedCollection<T>(path), id);
}

/** `usersData`: every member's profile, pictures, posts and connections. */
export const usersDataCollection = (): CollectionReference<UserData, UserData> =>
  typedCollection<UserData>(COLLECTIONS.usersData);
/** `posts`: every post. */
export const postsCollection = (): CollectionReference<Post, Post> =>
  typedCollection<Post>(COLLECTIONS.posts);
/** `postCards`: every post without its follower and liker lists (what readers download). */
export const postCardsCollection = (): CollectionReference<PostCard, PostCard> =>
  typedCollection<PostCard>(COLLECTIONS.postCards);
/** `memberCards`: every member's `usersData` without its lists (what readers download). */
export const memberCardsCollection = (): CollectionReference<MemberCard, MemberCard> =>
  typedCollection<MemberCard>(COLLECTIONS.memberCards);
/** `explorePosts`: the photo posts the explore grid shows. */
export const explorePostsCollection = (): CollectionReference<ExplorePost, ExplorePost> =>
  typedCollection<ExplorePost>(COLLECTIONS.explorePosts);
/** `tagDays`: each day's tag counts, read for the trending tags. */
export const tagDaysCollection = (): CollectionReference<TagDay, TagDay> =>
  typedCollection<TagDay>(COLLECTIONS.tagDays);
/** `comments`: every comment, its replies inline. */
export const commentsCollection = (): CollectionReference<Comment, Comment> =>
  typedCollection<Comment>(COLLECTIONS.comments);

/** `usersData/{uid}`. */
export const userDataRef = (uid: string): DocumentReference<UserData, UserData> =>
  doc(usersDataCollection(), uid);
/** `Following/{uid}`: whom the member follows. */
export const followingRef = (uid: string): DocumentReference<FollowingDoc, FollowingDoc> =>
  doc(typedCollection<FollowingDoc>(COLLECTIONS.following), uid);
/** `Followers/{uid}`: who follows the member. */
export const followersRef = (uid: string): DocumentReference<FollowersDoc, FollowersDoc> =>
  doc(typedCollection<FollowersDoc>(COLLECTIONS.followers), uid);
/** `follows/{followerUid}_{targetUid}`: the one document of that follow (absent: no follow). */
export const followEdgeRef = (
  follower: string,
  target: string,
): DocumentReference<FollowEdge, FollowEdge> =>
  doc(typedCollection<FollowEdge>(COLLECTIONS.follows), `${follower}_${target}`);
/** `likes/{postId}_{uid}`: the one document of that like (absent: no like). */
export const likeEdgeRef = (postId: string, uid: string): DocumentReference<LikeEdge, LikeEdge> =>
  doc(typedCollection<LikeEdge>(COLLECTIONS.likes), likeEdgeId(postId, uid));
/** `posts/{postId}`. */
export const postRef = (postId: string): DocumentReference<Post, Post> =>
  doc(postsCollection(), postId);
/** `postCards/{postId}`: the post's card (absent until the feed's function copied the post). */
export const postCardRef = (postId: string): DocumentReference<PostCard, PostCard> =>
  doc(postCardsCollection(), postId);
/** `memberCards/{uid}`: the member's card (absent until the profile's function copied it). */
export const memberCardRef = (uid: string): DocumentReference<MemberCard, MemberCard> =>
  doc(memberCardsCollection(), uid);
/** `explorePosts/{postId}`: a photo post's explore entry. */
export const explorePostRef = (postId: string): DocumentReference<ExplorePost, ExplorePost> =>
  doc(explorePostsCollection(), postId);
/** `comments/{commentId}`. */
export const commentRef = (commentId: string): DocumentReference<Comment, Comment> =>
  doc(commentsCollection(), commentId);
/** `userNames/{claimId}`: who holds a normalised name (`userNameClaimId`). */
export const userNameClaimRef = (
  claimId: string,
): DocumentReference<UserNameClaim, UserNameClaim> =>
  doc(typedCollection<UserNameClaim>(COLLECTIONS.userNames), claimId);
/** `nameReviews/{uid}`: why the member is asked to choose a new name (server-written). */
export const nameReviewRef = (uid: string): DocumentReference<NameReview, NameReview> =>
  doc(typedCollection<NameReview>(COLLECTIONS.nameReviews), uid);
/** `accountDeletions/{uid}`: the member's account deletion in progress. */
export const accountDeletionRef = (
  uid: string,
): DocumentReference<AccountDeletionMark, AccountDeletionMark> =>
  doc(typedCollection<AccountDeletionMark>(COLLECTIONS.accountDeletions), uid);

/** `activity/{recipientUid}/items`: what happened to the recipient. */
export const activityItemsCollection = (
  recipientUid: string,
): CollectionReference<ActivityItem, ActivityItem> =>
  typedCollection<ActivityItem>(`${COLLECTIONS.activity}/${recipientUid}/${ACTIVITY_ITEMS}`);
/** `activity/{recipientUid}/items/{itemId}`. */
export const activityItemRef = (
  recipientUid: string,
  itemId: string,
): DocumentReference<ActivityItem, ActivityItem> =>
  doc(activityItemsCollection(recipientUid), itemId);

/** `posts/{postId}/edits`: the versions of a post that its edits replaced. */
export const postEditsCollection = (postId: string): CollectionReference<PostEdit, PostEdit> =>
  typedCollection<PostEdit>(`${COLLECTIONS.posts}/${postId}/${POST_EDITS}`);
/** `posts/{postId}/edits/{editId}`: one replaced version, numbered from 0. */
export const postEditRef = (
  postId: string,
  editId: string,
): DocumentReference<PostEdit, PostEdit> => doc(postEditsCollection(postId), editId);
/** `deletedPosts/{postId}`: the tombstone of a deleted post, so its id is never used again. */
export const deletedPostRef = (postId: string): DocumentReference<DeletedPost, DeletedPost> =>
  doc(typedCollection<DeletedPost>(COLLECTIONS.deletedPosts), postId);

/** `bookmarks/{uid}/saved`: the posts the member saved (only the member reads or writes them). */
export const savedPostsCollection = (uid: string): CollectionReference<SavedPost, SavedPost> =>
  typedCollection<SavedPost>(`${COLLECTIONS.bookmarks}/${uid}/${SAVED_POSTS}`);
/** `bookmarks/{uid}/saved/{postId}`: the member's bookmark of one post. */
export const savedPostRef = (
  uid: string,
  postId: string,
): DocumentReference<SavedPost, SavedPost> => doc(savedPostsCollection(uid), postId);

/** `timelines/{uid}`: the followed authors whose posts the member's feed pulls (owner reads). */
export const timelineRef = (uid: string): DocumentReference<Timeline, Timeline> =>
  doc(typedCollection<Timeline>(COLLECTIONS.timelines), uid);
/** `timelines/{uid}/entries`: the posts the feed's functions put in the member's feed. */
export const timelineEntriesCollection = (
  uid: string,
): CollectionReference<TimelineEntry, TimelineEntry> =>
  typedCollection<TimelineEntry>(`${COLLECTIONS.timelines}/${uid}/${TIMELINE_ENTRIES}`);
