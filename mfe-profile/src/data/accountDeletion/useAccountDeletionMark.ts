import { useMemo } from 'react';
import { accountDeletionRef, useLiveDocument } from 'shared-firebase';
import type { AccountDeletionMark, LiveDocument } from 'shared-firebase';

/**
 * The member's own deletion mark, live: 'ready' while a deletion has started and not finished
 * (one that stopped part-way shows here after a reload or a new sign-in), 'missing' otherwise.
 */
export function useAccountDeletionMark(uid: string | null): LiveDocument<AccountDeletionMark> {
  const ref = useMemo(() => (uid ? accountDeletionRef(uid) : null), [uid]);
  return useLiveDocument(ref);
}
