import { fakeCalls } from 'shared-firebase/testing/sharedFirebaseFake';
import type * as Data from '../data';

/**
 * The feed's data module as its component tests see it: every call to the backend and every data
 * hook a jest fake the test programs, its pure checks (`newPostProblem`, `postEditProblem`) real. Use it as
 * `jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData())`.
 */
export function fakeData() {
  return fakeCalls(jest.requireActual<typeof Data>('../data'), [
    'useFeed',
    'useAuthorPosts',
    'useTagPosts',
    'useSinglePost',
    'createPost',
    'setLiked',
    'deletePost',
    'editPost',
    'usePostEdits',
    'usePostAudienceCache',
    'useComments',
    'addComment',
    'addReply',
    'deleteComment',
    'deleteReply',
  ]);
}
