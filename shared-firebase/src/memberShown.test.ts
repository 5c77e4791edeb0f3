import { memberShown } from './memberShown';
import { liveMember, memberData } from './testing/members';

describe('memberShown', () => {
  it('shows the name and the picture sizes of a member it has read', () => {
    const data = memberData('Ann', {}, { profilePicture: 'big.png', profilePictureSmall: 's.png' });
    expect(memberShown({ status: 'ready', data }, 'Unknown member')).toEqual({
      name: 'Ann',
      picture: { src: 'big.png', srcSet: expect.stringContaining('s.png') },
    });
  });

  it('shows no picture for a member without one (the placeholder shows)', () => {
    expect(memberShown(liveMember('Bo'), 'Unknown member')).toEqual({ name: 'Bo', picture: null });
  });

  it('shows an ellipsis while the member loads', () => {
    expect(memberShown({ status: 'loading' }, 'Unknown member')).toEqual({
      name: '…',
      picture: null,
    });
  });

  it("shows the place's word for a member whose profile is gone or unreadable", () => {
    expect(memberShown({ status: 'missing' }, 'A former member').name).toBe('A former member');
    const error = Object.assign(new Error('denied'), { code: 'permission-denied' });
    expect(
      memberShown({ status: 'error', error } as Parameters<typeof memberShown>[0], 'Unknown member')
        .name,
    ).toBe('Unknown member');
  });
});
