import { useMemo } from 'react';
import {
  nameReviewRef,
  useLiveDocument,
  userNameCharacterProblem,
  userNameClaimId,
  userNameClaimRef,
} from 'shared-firebase';
import type { MemberCard } from 'shared-firebase';

/**
 * Why the member is asked to choose a new name, or 'none' (also while it is being read): their
 * name holds characters new names may not ('characters'), another member holds it once
 * normalised ('taken'), or the profile codebase's check found their stored key is not their
 * name's ('review'). Only the member reads this: the claim and the review of their own name.
 */
export type NameChangeNeed = 'none' | 'characters' | 'taken' | 'review';

export function useNameChangeNeed(uid: string, profile: MemberCard): NameChangeNeed {
  const name = profile.userInfo.userName;
  const claimRef = useMemo(() => userNameClaimRef(userNameClaimId(name)), [name]);
  const reviewRef = useMemo(() => nameReviewRef(uid), [uid]);
  const claim = useLiveDocument(claimRef);
  const review = useLiveDocument(reviewRef);
  if (userNameCharacterProblem(name)) return 'characters';
  if (claim.status === 'ready' && claim.data.uid !== uid) return 'taken';
  if (review.status === 'ready' && review.data.userName === name) return 'review';
  return 'none';
}
