import { signOut } from 'shared-firebase/session';

/** Where a member lands once their account is gone: the sign-in page says it was deleted. */
export const ACCOUNT_DELETED_URL = '/login?accountDeleted=1';

/**
 * Ends the session of a member whose account the server deleted, and opens the sign-in page
 * afresh (a full load: nothing of the old session stays in memory), which says so.
 */
export async function leaveDeletedAccount(): Promise<void> {
  await signOut();
  window.location.replace(ACCOUNT_DELETED_URL);
}
