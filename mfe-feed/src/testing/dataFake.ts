import { fakeCalls } from 'shared-firebase/testing/sharedFirebaseFake';
import type * as Data from '../data';

/**
 * The feed's data module as its component tests see it: every call to the backend and every data
 * hook a jest fake the test programs, its pure checks (`newPostProblem`, `postEditProblem`) real. Use it as
 * `jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData())`.
 */
export function fakeData() {
  const fakes = fakeCalls(jest.requireActual<typeof Data>('../data'), [
    'useFeed',
    'useAuthorPosts',
    'useTagPosts',
    'useSinglePost',
    'createPost',
    'setLiked',
    'useOwnLike',
    'useLikeEdges',
    'deletePost',
    'editPost',
    'usePostEdits',
    'usePostAudienceCache',
    'useComments',
    'addComment',
    'addReply',
    'deleteComment',
    'deleteReply',
    'useSavedPostList',
    'useSavedMark',
    'setSaved',
    'findMembersByName',
    'useFindMembersByName',
    'useMentionedMembers',
  ]);
  // Every card has a Save button: by default its post is not saved, so tests of other parts of
  // the card need not program it.
  jest.mocked(fakes['useSavedMark'] as typeof Data.useSavedMark).mockReturnValue({
    status: 'missing',
  });
  // Every card reads the viewer's like: by default they do not like the post.
  jest.mocked(fakes['useOwnLike'] as typeof Data.useOwnLike).mockReturnValue({
    status: 'missing',
  });
  // The fields search with the faked findMembersByName, so tests program and check that one.
  jest
    .mocked(fakes['useFindMembersByName'] as typeof Data.useFindMembersByName)
    .mockReturnValue((typed) =>
      (fakes['findMembersByName'] as typeof Data.findMembersByName)(typed, NOBODY_HIDDEN),
    );
  return fakes;
}

const NOBODY_HIDDEN = {
  blocked: new Set<string>(),
  blockedBy: new Set<string>(),
  muted: new Set<string>(),
  loaded: true,
};
