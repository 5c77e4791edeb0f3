// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';
import { generatePath } from 'react-router-dom';

/** Which list of a member: who follows them, or whom they follow. */
export type FollowListKind = 'followers' | 'following';

/** The path of a member's followers or following list (remote-list/remotes.json). */
export function followListPath(userId: string, kind: FollowListKind): string {
  return generatePath(REMOTES.profile.routes[kind].path, { userId });
}
