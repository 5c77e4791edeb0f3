import { useMemo } from 'react';
import { useLiveDocument } from '../hooks/useLiveDocument';
import type { LiveDocument } from '../hooks/useLiveDocument';
import type { UserData } from '../model';
import { userDataRef } from '../refs';

/**
 * A member's `usersData` document, live: their name, picture and profile wherever a member is shown
 * (every team shows members, so the read is part of the contract). `uid` null subscribes to nothing.
 */
export function useMember(uid: string | null): LiveDocument<UserData> {
  const ref = useMemo(() => (uid ? userDataRef(uid) : null), [uid]);
  return useLiveDocument(ref);
}
