// A post's like count kept from its like edges' events (docs/DATA_MODEL.md "Counts"): each post
// has COUNT_SHARDS counter documents and each like edge a mark saying it is counted in them. The
// feed's function counts each like; the profile's account deletion takes a leaving member's likes
// out; so both codebases take these from here. Structural types, as the edge counter's.
import { likeEdgeId } from '../data/likeEdges';
import { SERVER_COLLECTIONS } from '../serverCollections';
import { COLLECTIONS } from '../model';
import {
  COUNT_SHARDS,
  countEdgeOnce,
  randomShard,
  sumOfShards,
  uncountMarked,
  type CountedEdge,
  type EdgeCountOutcome,
  type EdgeReadStore,
  type Increment,
  type MarkQuery,
} from './edgeCounter';

/** A server SDK Firestore, as far as the like counts use it. */
export interface LikeCountStore<Ref> extends EdgeReadStore<NoInfer<Ref>> {
  getAll(
    ...refs: NoInfer<Ref>[]
  ): Promise<ReadonlyArray<{ readonly exists: boolean; get(field: string): unknown }>>;
  collection(name: string): {
    doc(id: string): Ref;
    where(field: string, op: '==', value: string): { limit(count: number): MarkQuery };
  };
}

/** `likeCountShards/{postId}_{n}` `{ postId, n, value }`: every shard of a post's like count. */
export function likeCountShards<Ref>(store: LikeCountStore<Ref>, postId: string): Ref[] {
  const shards = store.collection(SERVER_COLLECTIONS.likeCountShards);
  return Array.from({ length: COUNT_SHARDS }, (_, n) => shards.doc(`${postId}_${n}`));
}

/** One like as its count sees it; its mark is `countedLikes/{postId}_{uid}` `{ postId, uid }`. */
export function countedLike<Ref>(
  store: LikeCountStore<Ref>,
  postId: string,
  uid: string,
  pickShard: () => number = randomShard,
): CountedEdge<Ref> {
  const id = likeEdgeId(postId, uid);
  const n = pickShard();
  return {
    edge: store.collection(COLLECTIONS.likes).doc(id),
    mark: store.collection(SERVER_COLLECTIONS.countedLikes).doc(id),
    markFields: { postId, uid },
    shards: [{ ref: likeCountShards(store, postId)[n]!, fields: { postId, n } }],
  };
}

/** Brings the post's like count to the edge as it is now, once however often delivered. */
export function countLikeEdge<Ref>(
  store: LikeCountStore<Ref>,
  postId: string,
  uid: string,
  increment: Increment,
  pickShard?: () => number,
): Promise<EdgeCountOutcome> {
  return countEdgeOnce(store, countedLike(store, postId, uid, pickShard), increment);
}

/** The post's like count as its shards hold it (COUNT_SHARDS reads; 0 when none exist). */
export async function countedLikes<Ref>(
  store: LikeCountStore<Ref>,
  postId: string,
): Promise<number> {
  return sumOfShards(await store.getAll(...likeCountShards(store, postId)));
}

/**
 * For a member whose account is being deleted: takes up to `limit` of their likes still counted
 * out of their posts' counts, deleting first any such edge that still exists; returns how many.
 */
export function uncountMemberLikes<Ref extends { delete(): Promise<unknown> }>(
  store: LikeCountStore<Ref>,
  uid: string,
  limit: number,
  increment: Increment,
): Promise<number> {
  return uncountMarked<Ref>(
    store,
    [store.collection(SERVER_COLLECTIONS.countedLikes).where('uid', '==', uid).limit(limit)],
    (mark) => countedLike(store, mark.get('postId') as string, uid),
    increment,
  );
}
