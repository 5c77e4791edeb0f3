// Writes a planned community (community.mjs) through the real firebase SDK, each member signed in
// as themselves, so every write passes the product's rules like the app's own writes (no admin
// token). Firestore uses the SDK's Lite client (REST): Node has no WebChannel, and the emulators
// serve no gRPC. Every step first reads what is there, so a second run writes nothing new.
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import {
  arrayUnion,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytes,
} from 'firebase/storage';
import { loadAccountDocuments } from '../account-documents.mjs';
import { DEMO_PASSWORD } from './community.mjs';
import { avatarPng, coverPng, photoJpeg } from './images.mjs';
import { dice, randomSource } from './random.mjs';

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

/** One member's own Firebase app, signed in (signed up the first time). */
async function openSession(config, member) {
  const app = initializeApp(config.firebase, `seed-${member.index}-${Date.now()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  const db = getFirestore(app);
  const storage = getStorage(app);
  if (config.emulators) {
    connectAuthEmulator(auth, config.emulators.auth, { disableWarnings: true });
    connectFirestoreEmulator(db, config.emulators.firestore.host, config.emulators.firestore.port);
    connectStorageEmulator(storage, config.emulators.storage.host, config.emulators.storage.port);
  }
  let credential;
  let signedUp = false;
  try {
    credential = await createUserWithEmailAndPassword(auth, member.email, DEMO_PASSWORD);
    signedUp = true;
  } catch (error) {
    if (error?.code !== 'auth/email-already-in-use') throw error;
    credential = await signInWithEmailAndPassword(auth, member.email, DEMO_PASSWORD);
  }
  return { app, db, storage, uid: credential.user.uid, signedUp };
}

async function upload(session, path, bytes, contentType) {
  const target = ref(session.storage, path);
  await uploadBytes(target, bytes, { contentType });
  return getDownloadURL(target);
}

/**
 * @param {ReturnType<import('./community.mjs').planCommunity>} plan
 * @param {{ firebase: object, emulators: object | null }} config runtime-config.json's shape
 * @param {{ concurrency?: number, log?: (line: string) => void }} [options]
 */
export async function writeCommunity(plan, config, { concurrency = 6, log = () => {} } = {}) {
  const created = {
    members: 0,
    pictures: 0,
    follows: 0,
    posts: 0,
    likes: 0,
    comments: 0,
    replies: 0,
  };
  const { newAccountDocuments } = await loadAccountDocuments();
  const sessions = new Array(plan.members.length);
  const photos = new Map();
  const photoFor = (key) => {
    if (!photos.has(key)) photos.set(key, photoJpeg(dice(randomSource(key))));
    return photos.get(key);
  };

  try {
    // Members: account documents as sign-up writes them, then profile fields and pictures.
    await eachLimited(plan.members, concurrency, async (member) => {
      const session = await openSession(config, member);
      sessions[member.index] = session;
      const { db, uid } = session;
      const userRef = doc(db, 'usersData', uid);
      let userData = (await getDoc(userRef)).data();
      if (!userData) {
        const documents = newAccountDocuments(member.userName);
        const batch = writeBatch(db);
        batch.set(userRef, documents.userData);
        batch.set(doc(db, 'Following', uid), documents.following);
        batch.set(doc(db, 'Followers', uid), documents.followers);
        await batch.commit();
        userData = documents.userData;
        created.members += 1;
      }
      const profile = Object.entries(member.profile).filter(
        ([key, value]) => userData.userInfo[key] !== value,
      );
      if (profile.length > 0)
        await updateDoc(
          userRef,
          Object.fromEntries(profile.map(([key, value]) => [`userInfo.${key}`, value])),
        );
      const pictures = dice(randomSource(`pictures:${plan.seed}:${member.index}`));
      if (!userData.profilePictures.profilePicture) {
        const url = await upload(
          session,
          `${uid}/pfps/avatar.png`,
          avatarPng(pictures),
          'image/png',
        );
        await updateDoc(userRef, { 'profilePictures.profilePicture': url });
        created.pictures += 1;
      }
      if (!userData.profilePictures.profileCover) {
        const url = await upload(
          session,
          `${uid}/pfcovers/cover.png`,
          coverPng(pictures),
          'image/png',
        );
        await updateDoc(userRef, { 'profilePictures.profileCover': url });
        created.pictures += 1;
      }
    });
    log(`members ready (${plan.members.length})`);
    const uidOf = (index) => sessions[index].uid;

    // Follows, each as the app makes it: Following/{me} and Followers/{them} in one batch, with
    // the fan-out onto their existing posts so those reach the new follower's feed.
    await eachLimited(plan.members, concurrency, async (member) => {
      const { db, uid } = sessions[member.index];
      const following = (await getDoc(doc(db, 'Following', uid))).data()?.Following ?? [];
      for (const target of plan.follows[member.index].map(uidOf)) {
        if (following.includes(target)) continue;
        const theirPosts = await getDocs(
          query(collection(db, 'posts'), where('uid', '==', target)),
        );
        const batch = writeBatch(db);
        batch.update(doc(db, 'Following', uid), { Following: arrayUnion(target) });
        batch.update(doc(db, 'Followers', target), { Followers: arrayUnion(uid) });
        for (const post of theirPosts.docs)
          if (!post.data().followers.includes(uid))
            batch.update(post.ref, { followers: arrayUnion(uid) });
        await batch.commit();
        created.follows += 1;
      }
    });
    log('follows ready');

    // Posts, by author in plan order: photo first, then the post, its explore entry and the
    // author's usersData.posts in one transaction with the author's followers (as createPost does).
    const byAuthor = plan.members.map((member) =>
      plan.posts.filter((post) => post.author === member.index),
    );
    await eachLimited(plan.members, concurrency, async (member) => {
      const session = sessions[member.index];
      const { db, uid } = session;
      for (const post of byAuthor[member.index]) {
        const postRef = doc(db, 'posts', post.id);
        if ((await getDoc(postRef)).exists()) continue;
        const postImage = post.photo
          ? await upload(
              session,
              `${uid}/posts/${post.id}.jpg`,
              photoFor(post.photo.key),
              'image/jpeg',
            )
          : null;
        await runTransaction(db, async (transaction) => {
          const followers =
            (await transaction.get(doc(db, 'Followers', uid))).data()?.Followers ?? [];
          transaction.set(postRef, {
            postImage,
            postCaption: post.caption,
            uid,
            postId: post.id,
            followers: Array.from(new Set([uid, ...followers])),
            likes: [],
            createdAt: serverTimestamp(),
          });
          if (postImage)
            transaction.set(doc(db, 'explorePosts', post.id), {
              postImage,
              uid,
              postId: post.id,
              createdAt: serverTimestamp(),
            });
          transaction.update(doc(db, 'usersData', uid), { posts: arrayUnion(post.id) });
        });
        created.posts += 1;
      }
    });
    log(`posts ready (${plan.posts.length})`);

    // Likes, comments and replies, each by its own member.
    const actions = plan.members.map(() => []);
    for (const post of plan.posts) {
      for (const liker of post.likers) actions[liker].push({ kind: 'like', post });
      for (const comment of post.comments)
        actions[comment.writer].push({ kind: 'comment', post, comment });
    }
    await eachLimited(plan.members, concurrency, async (member) => {
      const { db, uid } = sessions[member.index];
      for (const action of actions[member.index]) {
        if (action.kind === 'like') {
          const postRef = doc(db, 'posts', action.post.id);
          if ((await getDoc(postRef)).data()?.likes.includes(uid)) continue;
          await updateDoc(postRef, { likes: arrayUnion(uid) });
          created.likes += 1;
        } else {
          const commentRef = doc(db, 'comments', action.comment.id);
          if ((await getDoc(commentRef)).exists()) continue;
          await setDoc(commentRef, {
            comment: action.comment.text,
            replies: [],
            postId: action.post.id,
            userId: uid,
            createdAt: serverTimestamp(),
          });
          created.comments += 1;
        }
      }
    });
    const replies = plan.posts.flatMap((post) =>
      post.comments.flatMap((comment) => comment.replies.map((reply) => ({ comment, reply }))),
    );
    await eachLimited(replies, concurrency, async ({ comment, reply }) => {
      const { db, uid } = sessions[reply.writer];
      const commentRef = doc(db, 'comments', comment.id);
      const existing = (await getDoc(commentRef)).data()?.replies ?? [];
      if (existing.some((r) => r.userId === uid && r.reply === reply.text)) return;
      await updateDoc(commentRef, { replies: arrayUnion({ reply: reply.text, userId: uid }) });
      created.replies += 1;
    });
    log('likes, comments and replies ready');
    return { created, uids: plan.members.map((member) => uidOf(member.index)) };
  } finally {
    await Promise.all(sessions.filter(Boolean).map((session) => deleteApp(session.app)));
  }
}
