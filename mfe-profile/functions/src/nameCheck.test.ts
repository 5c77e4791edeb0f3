import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { planNameCheck } from './nameCheck';

/** A usersData snapshot with `fields` (dotted paths read as the Admin SDK's `get` does). */
function snapshot(fields: { userName?: string; nameKey?: string } | null): DocumentSnapshot {
  return {
    exists: fields !== null,
    get: (path: string) =>
      path === 'userInfo.userName'
        ? fields?.userName
        : path === 'nameKey'
          ? fields?.nameKey
          : undefined,
  } as unknown as DocumentSnapshot;
}

describe('planNameCheck', () => {
  it('clears any review when the key is the name’s (NFKC, case folded)', () => {
    expect(planNameCheck(undefined, snapshot({ userName: 'Ａｎｎ', nameKey: '~ann' }))).toEqual({
      action: 'clear',
    });
    expect(
      planNameCheck(
        snapshot({ userName: 'Ann', nameKey: '~ann' }),
        snapshot({ userName: 'Bea', nameKey: '~bea' }),
      ),
    ).toEqual({ action: 'clear' });
  });

  it('flags a forged key: a claim on another name than the one the member has', () => {
    expect(
      planNameCheck(
        snapshot({ userName: 'Ann', nameKey: '~ann' }),
        snapshot({ userName: 'аnn', nameKey: '~zed' }),
      ),
    ).toEqual({ action: 'flag', userName: 'аnn', forgedKey: '~zed' });
    // A rename that kept the old key.
    expect(
      planNameCheck(
        snapshot({ userName: 'Ann', nameKey: '~ann' }),
        snapshot({ userName: 'Alice', nameKey: '~ann' }),
      ),
    ).toEqual({ action: 'flag', userName: 'Alice', forgedKey: '~ann' });
  });

  it('does nothing when neither the name nor the key changed, or for a member from before keys', () => {
    const same = snapshot({ userName: 'Ann', nameKey: '~zed' });
    expect(planNameCheck(same, snapshot({ userName: 'Ann', nameKey: '~zed' }))).toEqual({
      action: 'none',
    });
    expect(planNameCheck(snapshot({ userName: 'Ann' }), snapshot({ userName: 'Ann' }))).toEqual({
      action: 'none',
    });
  });

  it('releases a deleted account’s claims', () => {
    expect(planNameCheck(snapshot({ userName: 'Ann', nameKey: '~ann' }), snapshot(null))).toEqual({
      action: 'release-all',
    });
    expect(planNameCheck(undefined, snapshot(null))).toEqual({ action: 'none' });
  });
});
