import { AuthEmulatorError, type AuthEmulatorClient } from './auth-client';
import { authPage, userPage, USERS_PAGE_SIZE, type EnteredUser } from './auth-pages';
import { parseUserForm } from './auth-form';
import type { ActionResult } from './firestore-actions';
import { notice } from './forms';
import { href } from './html';

/** The Auth page's changes: each is one call to the Auth emulator's admin API. */

function entered(form: URLSearchParams): EnteredUser {
  return {
    uid: form.get('uid') ?? '',
    email: form.get('email') ?? '',
    displayName: form.get('displayName') ?? '',
    claims: form.get('claims') ?? '',
    disabled: form.get('disabled') === 'on',
  };
}

function messageOf(error: unknown): string {
  if (error instanceof AuthEmulatorError) return `The Auth emulator refused: ${error.message}`;
  throw error;
}

/** POST /auth/create */
export async function createUser(
  auth: AuthEmulatorClient,
  form: URLSearchParams,
  csrf: string,
): Promise<ActionResult> {
  const failed = async (message: string): Promise<ActionResult> => {
    const list = await auth.list(USERS_PAGE_SIZE).catch(() => ({ users: [] }));
    return {
      status: 400,
      page: authPage({
        configured: true,
        users: list.users,
        csrf,
        message: notice(message, 'alert'),
        entered: entered(form),
      }),
    };
  };
  const parsed = parseUserForm(form, true);
  if ('error' in parsed) return failed(parsed.error);
  let uid: string;
  try {
    uid = await auth.create(parsed.uid, parsed.changes);
  } catch (error) {
    return failed(messageOf(error));
  }
  return { redirect: href('/auth/user', { uid, done: 'created' }) };
}

/** POST /auth/update */
export async function updateUser(
  auth: AuthEmulatorClient,
  form: URLSearchParams,
  csrf: string,
): Promise<ActionResult | null> {
  const uid = form.get('uid') ?? '';
  const user = uid ? await auth.get(uid) : null;
  if (!user) return null;
  const parsed = parseUserForm(form, false);
  const failed = (message: string): ActionResult => ({
    status: 400,
    page: userPage(user, csrf, notice(message, 'alert'), { ...entered(form), uid }),
  });
  if ('error' in parsed) return failed(parsed.error);
  try {
    await auth.update(uid, parsed.changes);
  } catch (error) {
    return failed(messageOf(error));
  }
  return { redirect: href('/auth/user', { uid, done: 'saved' }) };
}

/** POST /auth/disable (`disabled` true or false) */
export async function setDisabled(
  auth: AuthEmulatorClient,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const uid = form.get('uid') ?? '';
  if (!uid || !(await auth.get(uid))) return null;
  const disabled = form.get('disabled') === 'true';
  await auth.update(uid, { disabled });
  return { redirect: href('/auth/user', { uid, done: disabled ? 'disabled' : 'enabled' }) };
}

/** POST /auth/delete */
export async function deleteUser(
  auth: AuthEmulatorClient,
  form: URLSearchParams,
): Promise<ActionResult | null> {
  const uid = form.get('uid') ?? '';
  if (!uid || !(await auth.get(uid))) return null;
  await auth.delete(uid);
  return { redirect: href('/auth', { done: 'deleted' }) };
}
