// Members and posts for the measured pages, made through the Auth emulator's REST API and the
// emulator's Firestore REST API with the `owner` token, in the shapes of docs/DATA_MODEL.md.
import { randomUUID } from 'node:crypto';
import { loadAccountDocuments } from '../lib/account-documents.mjs';

const value = (v) => {
  if (v === null) return { nullValue: null };
  if (typeof v === 'string') return { stringValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(value) } };
  return { mapValue: { fields: fields(v) } };
};
const fields = (data) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, value(v)]));

export async function commit(stack, writes) {
  const database = `projects/${stack.projectId}/databases/(default)`;
  const response = await fetch(`${stack.firestoreUrl}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: writes.map(({ path, data, serverTime = [] }) => ({
        update: { name: `${database}/documents/${path}`, fields: fields(data) },
        ...(serverTime.length
          ? {
              updateTransforms: serverTime.map((fieldPath) => ({
                fieldPath,
                setToServerValue: 'REQUEST_TIME',
              })),
            }
          : {}),
      })),
    }),
  });
  if (!response.ok) throw new Error(`seed commit failed: ${await response.text()}`);
}

export async function createMember(stack, username = `Bench ${randomUUID().slice(0, 6)}`) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct-horse-9';
  const response = await fetch(
    `${stack.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${stack.apiKey}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  const uid = body.localId;
  const { newAccountDocuments } = await loadAccountDocuments();
  const documents = newAccountDocuments(username);
  await commit(stack, [
    { path: `usersData/${uid}`, data: documents.userData },
    { path: `Following/${uid}`, data: documents.following },
    { path: `Followers/${uid}`, data: documents.followers },
  ]);
  return { uid, email, password, username };
}

export async function createPost(stack, member, caption) {
  const postId = randomUUID().replace(/-/g, '').slice(0, 20);
  await commit(stack, [
    {
      path: `posts/${postId}`,
      data: {
        postImage: null,
        postCaption: caption,
        uid: member.uid,
        postId,
        followers: [member.uid],
        likes: [],
      },
      serverTime: ['createdAt'],
    },
  ]);
  return postId;
}
