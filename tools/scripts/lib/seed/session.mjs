// One demo member's own Firebase app, signed in through the Auth emulator, and uploads as them.
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytes,
} from 'firebase/storage';
import { DEMO_PASSWORD } from './community.mjs';

/** Signs `member` in (signed up the first time) in an app of their own. */
export async function openSession(config, member) {
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

/**
 * Uploads every size of one picture side by side as the app's uploadImage names them:
 * `<stem>.jpg` for the display size, `<stem>-<size>.jpg` beside it. Returns download URLs by size.
 */
export async function uploadSizes(session, folder, stem, sizes, images) {
  const urls = await Promise.all(
    sizes.map(async (size, index) => {
      const name = size.name === 'display' ? `${stem}.jpg` : `${stem}-${size.name}.jpg`;
      const target = ref(session.storage, `${session.uid}/${folder}/${name}`);
      await uploadBytes(target, images[index], { contentType: 'image/jpeg' });
      return [size.name, await getDownloadURL(target)];
    }),
  );
  return Object.fromEntries(urls);
}
