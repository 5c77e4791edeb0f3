// Member pictures: every size of the avatar and the cover a member lacks, then one update naming
// them (each URL a file of the member's own folder, as the rules require). Runs beside the later
// phases, as soon as the encoders have drawn each picture.
import { doc } from 'firebase/firestore/lite';
import { commitWithRetry } from '../commit.mjs';
import { eachLimited } from '../limited.mjs';
import { stableId } from '../random.mjs';
import { uploadSizes } from '../session.mjs';

/** @param {Array<{ profilePictures: Record<string, string | null> }>} userDataOf by member index */
export function uploadMemberPictures(run, userDataOf) {
  const { plan, concurrency, sessions, created, picture } = run;
  const { STORAGE_FOLDERS } = run.model;
  return eachLimited(plan.members, concurrency, async (member) => {
    const session = sessions[member.index];
    const { profilePicture, profilePictureSmall, profileCover } =
      userDataOf[member.index].profilePictures;
    const update = {};
    const uploads = [];
    if (!profilePicture || !profilePictureSmall)
      uploads.push(
        picture(member.pictures.avatar.key).then(async ({ sizes, images }) => {
          const stem = stableId(`avatar:${plan.seed}:${member.index}`);
          const urls = await uploadSizes(
            session,
            STORAGE_FOLDERS.profilePictures,
            stem,
            sizes,
            images,
          );
          update['profilePictures.profilePicture'] = urls.display;
          update['profilePictures.profilePictureSmall'] = urls.small;
          created.pictures += 1;
        }),
      );
    if (!profileCover)
      uploads.push(
        picture(member.pictures.cover.key).then(async ({ sizes, images }) => {
          const stem = stableId(`cover:${plan.seed}:${member.index}`);
          const urls = await uploadSizes(
            session,
            STORAGE_FOLDERS.profileCovers,
            stem,
            sizes,
            images,
          );
          update['profilePictures.profileCover'] = urls.display;
          created.pictures += 1;
        }),
      );
    await Promise.all(uploads);
    if (Object.keys(update).length > 0)
      await commitWithRetry(session.db, (batch) =>
        batch.update(doc(session.db, 'usersData', session.uid), update),
      );
  });
}
