// The moderator role: the Auth custom claim `moderator: true` (docs/DATA_MODEL.md "Reports and
// moderation"), set with the Admin SDK, which alone may set claims. Used by `npm run moderator`
// and by `npm run seed` for its demo moderator.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/**
 * The Admin SDK's Auth for `projectId`: the local Auth emulator at `emulatorUrl`
 * (`http://127.0.0.1:9099`), or, with none, the real project with the Application Default
 * Credentials (GOOGLE_APPLICATION_CREDENTIALS or `gcloud auth application-default login`).
 */
export function adminAuth(projectId, emulatorUrl) {
  if (emulatorUrl) process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(emulatorUrl).host;
  const app = getApps()[0] ?? initializeApp({ projectId });
  return getAuth(app);
}

/**
 * Grants (`on`) or revokes the role of the member signed up with `email`, keeping their other
 * claims. The member's page sees it with their next ID token (the shell asks for a fresh one
 * when a moderator page refuses them); the moderation function checks the claim on every action
 * at once.
 */
export async function setModerator(auth, email, on) {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (on) claims.moderator = true;
  else delete claims.moderator;
  await auth.setCustomUserClaims(user.uid, claims);
  return user.uid;
}
