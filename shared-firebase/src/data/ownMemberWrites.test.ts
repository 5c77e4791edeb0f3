import { act, renderHook } from '@testing-library/react';
import type { LiveDocument } from '../hooks/useLiveDocument';
import type { MemberCard, UserData } from '../model';
import { noteOwnMemberWrite, useOwnMember } from './ownMemberWrites';
import { useMember, useMemberDocument } from './useMember';

// The two reads faked: the card and the whole document, as each test hands them out.
jest.mock('./useMember', () => ({ useMember: jest.fn(), useMemberDocument: jest.fn() }));

const member = (about: string, posts: string[]) =>
  ({
    userInfo: { userName: 'me', userAbout: about },
    counts: { posts: 1, postsListed: 1 },
    posts,
    connections: [],
  }) as unknown as UserData;
/** The card the profile's function copies from `data`. */
const cardOf = ({ posts, connections: _lists, ...rest }: UserData) =>
  ({ ...rest, postsListLength: posts.length }) as unknown as MemberCard;
const ready = <T>(data: T): LiveDocument<T> => ({ status: 'ready', data });

let card: LiveDocument<MemberCard>;
let document: LiveDocument<UserData>;
beforeEach(() => {
  jest.mocked(useMember).mockImplementation(() => card);
  jest.mocked(useMemberDocument).mockReset();
  jest
    .mocked(useMemberDocument)
    .mockImplementation((uid) => (uid ? document : { status: 'loading' }));
});

test('reads the card alone until this page writes; then the document until the card has the write', () => {
  const before = member('old', ['p1']);
  card = ready(cardOf(before));
  document = ready(before);
  const { result, rerender } = renderHook(() => useOwnMember('me'));
  expect(result.current).toBe(card);
  expect(jest.mocked(useMemberDocument).mock.calls.every(([uid]) => uid === null)).toBe(true);

  const after = member('new', ['p1', 'p2']);
  document = ready(after);
  act(() => noteOwnMemberWrite());
  expect(useMemberDocument).toHaveBeenLastCalledWith('me');
  expect(result.current).toBe(document);

  card = ready(cardOf(after));
  rerender();
  expect(result.current).toBe(card);
  rerender();
  expect(useMemberDocument).toHaveBeenLastCalledWith(null);
});

test('shows the card where the document is not known (offline, never read)', () => {
  card = ready(cardOf(member('old', [])));
  document = { status: 'missing' };
  const { result } = renderHook(() => useOwnMember('me'));
  act(() => noteOwnMemberWrite());
  expect(useMemberDocument).toHaveBeenLastCalledWith('me');
  expect(result.current).toBe(card);
});

test('where the document is not known, the card shows the values this page wrote until it has them', () => {
  const before = member('old', []);
  card = ready(cardOf(before));
  document = { status: 'missing' };
  const { result, rerender } = renderHook(() => useOwnMember('me'));
  act(() => noteOwnMemberWrite({ 'userInfo.userAbout': 'written offline' }));
  act(() => noteOwnMemberWrite({ 'userInfo.dob': '3rd Jul 1990' }));
  const shown = result.current;
  expect(shown.status === 'ready' && shown.data.userInfo).toEqual({
    userName: 'me',
    userAbout: 'written offline',
    dob: '3rd Jul 1990',
  });
  // The card itself is left as it was.
  expect(card.status === 'ready' && card.data.userInfo.userAbout).toBe('old');

  // Back online: the document and then the card have the edits, and the card alone is shown.
  const after = {
    ...before,
    userInfo: { ...before.userInfo, userAbout: 'written offline', dob: '3rd Jul 1990' },
  };
  document = ready(after as UserData);
  card = ready(cardOf(after as UserData));
  rerender();
  rerender();
  expect(result.current).toBe(card);
  expect(useMemberDocument).toHaveBeenLastCalledWith(null);
});
