import { generatePath } from 'react-router-dom';
// Only the tag page's path is read, so only it stays in the bundle.
import REMOTES from 'remote-list/remotes.json';

/** The page of posts with `tag` (normalised, shared-ui's `normaliseTag`): this remote's route. */
export function tagPath(tag: string): string {
  return generatePath(REMOTES.explore.routes.tag.path, { tag });
}
