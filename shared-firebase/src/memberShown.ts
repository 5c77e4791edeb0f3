import type { LiveDocument } from './hooks/useLiveDocument';
import { profilePictureSources } from './media/sources';
import type { ImageSources } from './media/sources';
import type { MemberCard } from './model';

/** What a member row, badge or entry shows of a member: the name, and the picture to load. */
export interface MemberShown {
  /** The member's name; `…` while it loads; `unknownName` when there is no profile to read. */
  name: string;
  /** Null while loading, or when the member has no picture (the placeholder shows). */
  picture: ImageSources | null;
}

/**
 * How `useMember(uid)` is shown wherever a member appears beside something else (a post, a
 * comment, a follow list, an activity entry). `unknownName` is that place's word for a member
 * whose profile is gone or could not be read.
 */
export function memberShown(member: LiveDocument<MemberCard>, unknownName: string): MemberShown {
  if (member.status === 'ready') {
    return {
      name: member.data.userInfo.userName,
      picture: profilePictureSources(member.data.profilePictures),
    };
  }
  return { name: member.status === 'loading' ? '…' : unknownName, picture: null };
}
