import { sharedFirebaseFake } from 'shared-firebase/testing/sharedFirebaseFake';

/**
 * What a test gets for `shared-firebase`: the real package (its constants, messages and checks),
 * with jest fakes for every data call and hook the feed uses (the data layer's boundary). Use it as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
export function fake() {
  return sharedFirebaseFake(
    [
      'useSignedInUid',
      'useFeed',
      'useAuthorPosts',
      'useSinglePost',
      'useMember',
      'useComments',
      'createPost',
      'usePostAudienceCache',
      'setLiked',
      'deletePost',
      'addComment',
      'addReply',
      'deleteComment',
      'deleteReply',
    ],
    { realPackage: true },
  );
}
