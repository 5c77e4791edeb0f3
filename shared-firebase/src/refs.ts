import { collection, doc } from 'firebase/firestore';
import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  SnapshotOptions,
} from 'firebase/firestore';
import { getDb } from './db';
import { ACTIVITY_ITEMS, COLLECTIONS } from './model';
import type {
  AccountDeletionMark,
  ActivityItem,
  Comment,
  ExplorePost,
  FollowersDoc,
  FollowingDoc,
  Post,
  UserData,
} from './model';

/** Types a collection by the data model; the rules, not this converter, validate what is stored. */
function modelConverter<T extends DocumentData>(): FirestoreDataConverter<T, T> {
  return {
    toFirestore: (data) => data as T,
    fromFirestore: (snapshot: QueryDocumentSnapshot<T, T>, options?: SnapshotOptions) =>
      snapshot.data(options),
  };
}

function typedCollection<T extends DocumentData>(name: string): CollectionReference<T, T> {
  return collection(getDb(), name).withConverter(modelConverter<T>());
}

export const usersDataCollection = (): CollectionReference<UserData, UserData> =>
  typedCollection<UserData>(COLLECTIONS.usersData);
export const postsCollection = (): CollectionReference<Post, Post> =>
  typedCollection<Post>(COLLECTIONS.posts);
export const explorePostsCollection = (): CollectionReference<ExplorePost, ExplorePost> =>
  typedCollection<ExplorePost>(COLLECTIONS.explorePosts);
export const commentsCollection = (): CollectionReference<Comment, Comment> =>
  typedCollection<Comment>(COLLECTIONS.comments);

export const userDataRef = (uid: string): DocumentReference<UserData, UserData> =>
  doc(usersDataCollection(), uid);
export const followingRef = (uid: string): DocumentReference<FollowingDoc, FollowingDoc> =>
  doc(typedCollection<FollowingDoc>(COLLECTIONS.following), uid);
export const followersRef = (uid: string): DocumentReference<FollowersDoc, FollowersDoc> =>
  doc(typedCollection<FollowersDoc>(COLLECTIONS.followers), uid);
export const postRef = (postId: string): DocumentReference<Post, Post> =>
  doc(postsCollection(), postId);
export const explorePostRef = (postId: string): DocumentReference<ExplorePost, ExplorePost> =>
  doc(explorePostsCollection(), postId);
export const commentRef = (commentId: string): DocumentReference<Comment, Comment> =>
  doc(commentsCollection(), commentId);
export const accountDeletionRef = (
  uid: string,
): DocumentReference<AccountDeletionMark, AccountDeletionMark> =>
  doc(typedCollection<AccountDeletionMark>(COLLECTIONS.accountDeletions), uid);

/** `activity/{recipientUid}/items`: what happened to the recipient. */
export const activityItemsCollection = (
  recipientUid: string,
): CollectionReference<ActivityItem, ActivityItem> =>
  typedCollection<ActivityItem>(`${COLLECTIONS.activity}/${recipientUid}/${ACTIVITY_ITEMS}`);
export const activityItemRef = (
  recipientUid: string,
  itemId: string,
): DocumentReference<ActivityItem, ActivityItem> =>
  doc(activityItemsCollection(recipientUid), itemId);
