import { useSession } from 'shared-firebase';

/** The signed-in member's uid, or null (the shell only mounts us for members; standalone may not). */
export function useSignedInUid(): string | null {
  const session = useSession();
  return session.status === 'signedIn' ? session.user.uid : null;
}
