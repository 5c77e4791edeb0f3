import { profilePictureSources, useMember } from 'shared-firebase';
import { Avatar } from 'shared-ui';

/** The member's live picture and name, read from their profile (the data layer: Firestore). */
export default function MemberAvatar({ uid, size }: { uid: string; size: number }) {
  const profile = useMember(uid);
  const picture =
    profile.status === 'ready' ? profilePictureSources(profile.data.profilePictures) : null;
  const name = profile.status === 'ready' ? profile.data.userInfo?.userName : undefined;
  return <Avatar {...picture} alt={name ? `${name}'s picture` : 'Your picture'} size={size} />;
}
