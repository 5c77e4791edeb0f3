// The one write shape of a block and of a mute (docs/DATA_MODEL.md "Blocks and mutes"), owned by
// the profile team and sent from its profile page and settings and from the feed's post menu,
// as reports are sent from several remotes through submitReport.
import { deleteDoc, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { COLLECTIONS } from '../model';
import type { BlockEdge, MuteEdge } from '../model';
import { typedCollection } from '../refs';

/**
 * Blocks (`on`) or unblocks `target` as `me`: the edge `blocks/{me}_{target}`. The profile's
 * function then ends the follows between the two, both ways.
 */
export function setBlocked(me: string, target: string, on: boolean): Promise<void> {
  const ref = doc(typedCollection<BlockEdge>(COLLECTIONS.blocks), `${me}_${target}`);
  if (!on) return deleteDoc(ref);
  return setDoc(ref, { blocker: me, blocked: target, createdAt: serverTimestamp() as never });
}

/** Mutes (`on`) or unmutes `target` as `me`: the edge `mutes/{me}_{target}`, private to `me`. */
export function setMuted(me: string, target: string, on: boolean): Promise<void> {
  const ref = doc(typedCollection<MuteEdge>(COLLECTIONS.mutes), `${me}_${target}`);
  if (!on) return deleteDoc(ref);
  return setDoc(ref, { muter: me, muted: target, createdAt: serverTimestamp() as never });
}
