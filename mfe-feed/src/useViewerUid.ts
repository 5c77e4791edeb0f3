import { useSession } from 'shared-firebase';

/** The signed-in member's uid, or null while the session is still loading (or signed out). */
export function useViewerUid(): string | null {
  const session = useSession();
  return session.status === 'signedIn' ? session.user.uid : null;
}
