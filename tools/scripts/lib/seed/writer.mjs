// Writes a planned community (community.mjs) through the real firebase SDK, each member signed in
// as themselves in an app of their own (opened once, used by every phase), so every write passes
// the product's rules like the app's own writes (no admin token). Firestore uses the SDK's Lite
// client (REST): Node has no WebChannel, and the emulators serve no gRPC.
//
// Fast: independent writes run in a bounded pool, pictures are drawn and encoded in worker threads
// while members sign up, and writes that the rules allow together go in one batch. Idempotent:
// every phase first reads what is there (once per member or post, not once per write), so a second
// run writes nothing new. Each like, comment, reply and follow writes its activity item in the same
// batch, as the app does (shared-firebase/src/data/activityItems.ts), so only a new action makes one.
// A batch that Firestore aborts for contention is committed again (commit.mjs).
import { deleteApp } from 'firebase/app';
import {
  Timestamp,
  arrayUnion,
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  where,
} from 'firebase/firestore/lite';
import { loadAccountDocuments } from '../account-documents.mjs';
import { commitWithRetry } from './commit.mjs';
import { importTypeScript } from '../typescript-module.mjs';
import { startEncoderPool } from './encoder-pool.mjs';
import { planPicture, storedSizes } from './images.mjs';
import { dice, randomSource, stableId } from './random.mjs';
import { openSession, uploadSizes } from './session.mjs';

/*
 * Actions per batch. Firestore's rules may read at most 20 documents per batch (get, exists and
 * getAfter, before and after counted apart), and an activity item makes them read the action's
 * documents: a like its post before and after (2), a comment its post and itself before and after
 * (3), a reply its comment before and after (2).
 */
const LIKES_PER_BATCH = 10;
const COMMENTS_PER_BATCH = 6;
const REPLIES_PER_BATCH = 10;

/** The most values an `in` filter takes. */
const IN_QUERY_VALUES = 30;

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachLimited(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function chunks(list, size) {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, (i + 1) * size),
  );
}

/** Phase name → seconds, measured as the phases run. */
function phaseClock() {
  const seconds = {};
  return {
    seconds,
    async time(name, run) {
      const started = performance.now();
      try {
        return await run();
      } finally {
        seconds[name] = (performance.now() - started) / 1000;
      }
    },
  };
}

/**
 * The plan's pictures, each drawn and encoded on the encoder pool the first time it is asked for
 * (a rerun that uploads nothing encodes nothing): `picture(key)` resolves with its sizes and their
 * JPEG bytes. Phases ask early for what they will need, so the pool works while they wait on the
 * network.
 */
function pictureSource(plan, { IMAGE_SIZES, JPEG_QUALITY }, pool) {
  const kinds = new Map();
  for (const { pictures } of plan.members) {
    kinds.set(pictures.avatar.key, 'profilePicture');
    kinds.set(pictures.cover.key, 'profileCover');
  }
  for (const post of plan.posts) if (post.photo) kinds.set(post.photo.key, 'post');
  const encoded = new Map();
  return (key) => {
    // Shared keys (photos, covers) are drawn once.
    if (!encoded.has(key)) {
      const kind = kinds.get(key);
      const picture = planPicture(kind, dice(randomSource(key)));
      const sizes = storedSizes(picture, IMAGE_SIZES[kind]);
      const promise = pool
        .encode(picture, sizes, JPEG_QUALITY)
        .then((images) => ({ sizes, images }));
      // A failed encode surfaces where the picture is used; an early request must not also
      // report it as unhandled.
      promise.catch(() => {});
      encoded.set(key, promise);
    }
    return encoded.get(key);
  };
}

/**
 * @param {ReturnType<import('./community.mjs').planCommunity>} plan
 * @param {{ firebase: object, emulators: object | null }} config runtime-config.json's shape
 * @param {{ concurrency?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ created: Record<string, number>, uids: string[], seconds: Record<string, number>, encoders: { workers: number, busySeconds: number } }>}
 */
export async function writeCommunity(plan, config, { concurrency = 12, log = () => {} } = {}) {
  const created = {
    members: 0,
    pictures: 0,
    follows: 0,
    posts: 0,
    likes: 0,
    comments: 0,
    replies: 0,
    'activity items': 0,
  };
  const clock = phaseClock();
  const [{ newAccountDocuments }, imageSizes, model, items] = await Promise.all([
    loadAccountDocuments(),
    importTypeScript('shared-firebase/src/media/imageSizes.ts'),
    importTypeScript('shared-firebase/src/model.ts'),
    importTypeScript('shared-firebase/src/data/activityItems.ts'),
  ]);
  const { STORAGE_FOLDERS, COLLECTIONS, ACTIVITY_ITEMS } = model;
  /**
   * Adds the notice's item to `batch` as addActivityItem does (none about oneself). Returns how
   * many it added, counted once the batch is applied.
   */
  const addActivityItem = (batch, db, notice) => {
    const item = items.activityItemFields(notice, serverTimestamp());
    if (!item) return 0;
    batch.set(doc(db, COLLECTIONS.activity, notice.recipient, ACTIVITY_ITEMS, notice.itemId), item);
    return 1;
  };
  const countItems = (added) => {
    created['activity items'] += added;
  };
  /**
   * Writes each member's actions (`perMember[index]`: likes, comments or replies) signed in as that
   * member, `size` to a batch: `write(batch, db, uid, action)` adds an action's own writes and
   * returns the notice it owes its recipient, whose item joins the same batch. Counts the actions
   * in `created[kind]`.
   */
  const writeActionsWithItems = (perMember, size, kind, write) =>
    eachLimited(
      perMember.flatMap((list, member) =>
        chunks(list, size).map((actions) => ({ member, actions })),
      ),
      concurrency,
      async ({ member, actions }) => {
        const { db, uid } = sessions[member];
        const added = await commitWithRetry(db, (batch) => {
          let itemsAdded = 0;
          for (const action of actions)
            itemsAdded += addActivityItem(batch, db, {
              actor: uid,
              ...write(batch, db, uid, action),
            });
          return itemsAdded;
        });
        countItems(added);
        created[kind] += actions.length;
      },
    );
  const pool = startEncoderPool();
  const picture = pictureSource(plan, imageSizes, pool);
  const sessions = new Array(plan.members.length);

  try {
    // Members: sign-up's documents and profile fields. Their pictures follow beside the next
    // phases (memberPictures), as soon as the encoders have drawn them.
    const userDataOf = new Array(plan.members.length);
    await clock.time('members', () =>
      eachLimited(plan.members, concurrency, async (member) => {
        const session = await openSession(config, member);
        sessions[member.index] = session;
        const { db, uid } = session;
        const userRef = doc(db, 'usersData', uid);
        let userData = (await getDoc(userRef)).data();
        if (!userData) {
          const documents = newAccountDocuments(member.userName);
          await commitWithRetry(db, (batch) => {
            batch.set(userRef, documents.userData);
            batch.set(doc(db, 'Following', uid), documents.following);
            batch.set(doc(db, 'Followers', uid), documents.followers);
          });
          userData = documents.userData;
          created.members += 1;
        }
        userDataOf[member.index] = userData;
        const update = {};
        for (const [key, value] of Object.entries(member.profile))
          if (userData.userInfo[key] !== value) update[`userInfo.${key}`] = value;
        if (Object.keys(update).length > 0)
          await commitWithRetry(db, (batch) => batch.update(userRef, update));
      }),
    );
    // Every size of the avatar and the cover, then one update naming them (each URL a file of the
    // member's own folder, as the rules require).
    const uploadMemberPictures = () =>
      clock.time('pictures', () =>
        eachLimited(plan.members, concurrency, async (member) => {
          const session = sessions[member.index];
          const { profilePicture, profilePictureSmall, profileCover } =
            userDataOf[member.index].profilePictures;
          const update = {};
          const uploads = [];
          if (!profilePicture || !profilePictureSmall)
            uploads.push(
              picture(member.pictures.avatar.key).then(async ({ sizes, images }) => {
                const stem = stableId(`avatar:${plan.seed}:${member.index}`);
                const urls = await uploadSizes(
                  session,
                  STORAGE_FOLDERS.profilePictures,
                  stem,
                  sizes,
                  images,
                );
                update['profilePictures.profilePicture'] = urls.display;
                update['profilePictures.profilePictureSmall'] = urls.small;
                created.pictures += 1;
              }),
            );
          if (!profileCover)
            uploads.push(
              picture(member.pictures.cover.key).then(async ({ sizes, images }) => {
                const stem = stableId(`cover:${plan.seed}:${member.index}`);
                const urls = await uploadSizes(
                  session,
                  STORAGE_FOLDERS.profileCovers,
                  stem,
                  sizes,
                  images,
                );
                update['profilePictures.profileCover'] = urls.display;
                created.pictures += 1;
              }),
            );
          await Promise.all(uploads);
          if (Object.keys(update).length > 0)
            await commitWithRetry(session.db, (batch) =>
              batch.update(doc(session.db, 'usersData', session.uid), update),
            );
        }),
      );
    log(`members ready (${plan.members.length})`);
    const uidOf = (index) => sessions[index].uid;

    // Each author's posts as they are now: one query per author (a rerun's existence check).
    const postsOf = new Map();
    const readPostsOf = (index) => {
      if (!postsOf.has(index)) {
        const { db } = sessions[index];
        postsOf.set(
          index,
          getDocs(query(collection(db, 'posts'), where('uid', '==', uidOf(index)))).then(
            (snapshot) => snapshot.docs,
          ),
        );
      }
      return postsOf.get(index);
    };

    // Which posts are there already; the photos of the others start encoding while members follow.
    const existing = new Map();
    await clock.time('reads', () =>
      eachLimited(plan.members, concurrency, async (member) => {
        for (const post of await readPostsOf(member.index)) existing.set(post.id, post.data());
      }),
    );
    for (const post of plan.posts)
      if (post.photo && !existing.has(post.id)) picture(post.photo.key);
    const memberPictures = uploadMemberPictures();
    // Reported where it is awaited, at the end.
    memberPictures.catch(() => {});

    // Follows, each as the app makes it: Following/{me} and Followers/{them} in one batch, with
    // the fan-out onto their existing posts so those reach the new follower's feed.
    await clock.time('follows', async () => {
      const following = await Promise.all(
        plan.members.map(async (member) => {
          const { db, uid } = sessions[member.index];
          return (await getDoc(doc(db, 'Following', uid))).data()?.Following ?? [];
        }),
      );
      const follows = plan.members.flatMap((member) =>
        plan.follows[member.index]
          .filter((target) => !following[member.index].includes(uidOf(target)))
          .map((target) => ({ member, target })),
      );
      await eachLimited(follows, concurrency, async ({ member, target }) => {
        const { db, uid } = sessions[member.index];
        const theirPosts = await readPostsOf(target);
        const added = await commitWithRetry(db, (batch) => {
          batch.update(doc(db, 'Following', uid), { Following: arrayUnion(uidOf(target)) });
          batch.update(doc(db, 'Followers', uidOf(target)), { Followers: arrayUnion(uid) });
          for (const post of theirPosts)
            if (!post.data().followers.includes(uid))
              batch.update(doc(db, 'posts', post.id), { followers: arrayUnion(uid) });
          return addActivityItem(batch, db, {
            recipient: uidOf(target),
            itemId: items.followItemId(uid),
            type: 'follow',
            actor: uid,
            postId: null,
            commentId: null,
          });
        });
        countItems(added);
        created.follows += 1;
      });
    });
    log('follows ready');

    // Posts: every size of the photo uploaded first, then the post, its explore entry and the
    // author's usersData.posts in one write, as createPost writes them. createPost reads the
    // followers inside a transaction because members may unfollow meanwhile; here nobody else
    // writes, so each author's followers are read once and each post is one batch.
    await clock.time('posts', async () => {
      const followersOf = await Promise.all(
        sessions.map(async ({ db, uid }) => {
          return (await getDoc(doc(db, 'Followers', uid))).data()?.Followers ?? [];
        }),
      );
      const missing = plan.posts.filter((post) => !existing.has(post.id));
      await eachLimited(missing, concurrency, async (post) => {
        const session = sessions[post.author];
        const { db, uid } = session;
        let photo = {};
        if (post.photo) {
          const { sizes, images } = await picture(post.photo.key);
          const urls = await uploadSizes(session, STORAGE_FOLDERS.posts, post.id, sizes, images);
          const display = sizes.find((size) => size.name === 'display');
          photo = {
            postImage: urls.display,
            postThumbnail: urls.thumbnail,
            postImageWidth: display.width,
            postImageHeight: display.height,
          };
        }
        await commitWithRetry(db, (batch) => {
          batch.set(doc(db, 'posts', post.id), {
            postImage: photo.postImage ?? null,
            postCaption: post.caption,
            uid,
            postId: post.id,
            followers: Array.from(new Set([uid, ...followersOf[post.author]])),
            likes: [],
            createdAt: serverTimestamp(),
            ...(post.photo
              ? {
                  postThumbnail: photo.postThumbnail,
                  postImageWidth: photo.postImageWidth,
                  postImageHeight: photo.postImageHeight,
                }
              : {}),
          });
          if (post.photo)
            batch.set(doc(db, 'explorePosts', post.id), {
              postImage: photo.postImage,
              uid,
              postId: post.id,
              createdAt: serverTimestamp(),
              postThumbnail: photo.postThumbnail,
            });
          batch.update(doc(db, 'usersData', uid), { posts: arrayUnion(post.id) });
        });
        created.posts += 1;
      });
    });
    log(`posts ready (${plan.posts.length})`);

    // Likes: each member's likes of posts that lack them, in batches.
    await clock.time('likes', async () => {
      const likes = plan.members.map(() => []);
      for (const post of plan.posts)
        for (const liker of post.likers)
          if (!existing.get(post.id)?.likes.includes(uidOf(liker))) likes[liker].push(post);
      await writeActionsWithItems(likes, LIKES_PER_BATCH, 'likes', (batch, db, uid, post) => {
        batch.update(doc(db, 'posts', post.id), { likes: arrayUnion(uid) });
        return {
          recipient: uidOf(post.author),
          itemId: items.likeItemId(post.id, uid),
          type: 'like',
          postId: post.id,
          commentId: null,
        };
      });
    });

    // Comments: only posts from an earlier run can have some already; read theirs.
    const comments = new Map();
    await clock.time('comments', async () => {
      const earlier = plan.posts
        .filter((post) => existing.has(post.id) && post.comments.length)
        .map((post) => post.id);
      const { db } = sessions[0];
      await eachLimited(chunks(earlier, IN_QUERY_VALUES), concurrency, async (postIds) => {
        const found = await getDocs(
          query(collection(db, 'comments'), where('postId', 'in', postIds)),
        );
        for (const comment of found.docs) comments.set(comment.id, comment.data());
      });
      const toWrite = plan.members.map(() => []);
      for (const post of plan.posts)
        for (const comment of post.comments)
          if (!comments.has(comment.id)) toWrite[comment.writer].push({ post, comment });
      await writeActionsWithItems(
        toWrite,
        COMMENTS_PER_BATCH,
        'comments',
        (batch, db, uid, { post, comment }) => {
          batch.set(doc(db, 'comments', comment.id), {
            comment: comment.text,
            replies: [],
            postId: post.id,
            userId: uid,
            createdAt: serverTimestamp(),
          });
          return {
            recipient: uidOf(post.author),
            itemId: items.commentItemId(comment.id),
            type: 'comment',
            postId: post.id,
            commentId: comment.id,
          };
        },
      );
    });

    // Replies, stamped as the app writes them (a stable id and the writer's clock). A reply's item
    // names its position in the thread (addReply: the thread's length before it), and the rules
    // accept one reply per comment per write: a comment's missing replies go in rounds, the n-th
    // of each in round n.
    await clock.time('replies', async () => {
      const rounds = [];
      for (const post of plan.posts)
        for (const comment of post.comments) {
          const stored = comments.get(comment.id)?.replies ?? [];
          let position = stored.length;
          for (const [n, reply] of comment.replies.entries()) {
            const id = stableId(`reply:${comment.id}:${n}`);
            const writer = uidOf(reply.writer);
            const there = stored.some(
              (r) => r.id === id || (r.userId === writer && r.reply === reply.text),
            );
            if (there) continue;
            const round = position - stored.length;
            rounds[round] ??= plan.members.map(() => []);
            rounds[round][reply.writer].push({ post, comment, reply, id, position });
            position += 1;
          }
        }
      for (const toWrite of rounds) {
        await writeActionsWithItems(
          toWrite,
          REPLIES_PER_BATCH,
          'replies',
          (batch, db, uid, { post, comment, reply, id, position }) => {
            batch.update(doc(db, 'comments', comment.id), {
              replies: arrayUnion({
                reply: reply.text,
                userId: uid,
                id,
                createdAt: Timestamp.now(),
              }),
            });
            return {
              recipient: uidOf(comment.writer),
              itemId: items.replyItemId(comment.id, position, uid),
              type: 'reply',
              postId: post.id,
              commentId: comment.id,
            };
          },
        );
      }
    });
    log('likes, comments and replies ready');
    await memberPictures;
    log('pictures ready');
    return {
      created,
      uids: plan.members.map((member) => uidOf(member.index)),
      seconds: clock.seconds,
      encoders: { workers: pool.workers, busySeconds: pool.busyMs() / 1000 },
    };
  } finally {
    await pool.close();
    await Promise.all(sessions.filter(Boolean).map((session) => deleteApp(session.app)));
  }
}
