/**
 * What a test gets for `shared-firebase`: the real constants, messages and file check, and jest
 * fakes for every data call and hook the feed uses (the data layer's boundary). Use it as
 *   jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
 */
export function fake() {
  return {
    ...jest.requireActual('shared-firebase'),
    useSignedInUid: jest.fn(),
    useFeed: jest.fn(),
    useAuthorPosts: jest.fn(),
    useSinglePost: jest.fn(),
    useMember: jest.fn(),
    useComments: jest.fn(),
    createPost: jest.fn(),
    usePostAudienceCache: jest.fn(),
    setLiked: jest.fn(),
    deletePost: jest.fn(),
    addComment: jest.fn(),
    addReply: jest.fn(),
    deleteComment: jest.fn(),
    deleteReply: jest.fn(),
  };
}
