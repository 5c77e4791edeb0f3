import * as data from '../data';
import type { LiveUidList } from '../data';

/** What the faked follow-list hooks return; a test replaces a list to change it between renders. */
export interface FollowLists {
  followers: LiveUidList;
  following: LiveUidList;
}

/**
 * Before each test, the faked `useFollowerUids` and `useFollowingUids` (the test file mocks the
 * data module with `fakeData()`) answer `lists.followers` and `lists.following`, reset to ready
 * lists of these uids.
 */
export function fakeFollowLists(followers: string[], following: string[]): FollowLists {
  const lists: FollowLists = {
    followers: { status: 'ready', uids: followers },
    following: { status: 'ready', uids: following },
  };
  beforeEach(() => {
    lists.followers = { status: 'ready', uids: followers };
    lists.following = { status: 'ready', uids: following };
    jest.mocked(data.useFollowerUids).mockImplementation(() => lists.followers);
    jest.mocked(data.useFollowingUids).mockImplementation(() => lists.following);
  });
  return lists;
}
