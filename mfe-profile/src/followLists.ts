// Only the paths used stay in the bundle (webpack keeps the JSON properties a module reads).
import REMOTES from 'remote-list/remotes.json';

/** Which list of a member: who follows them, or whom they follow. */
export type FollowListKind = 'followers' | 'following';

/** The path of a member's followers or following list (remote-list/remotes.json). */
export function followListPath(userId: string, kind: FollowListKind): string {
  return REMOTES.profile.routes[kind].path.replace(':userId', encodeURIComponent(userId));
}
