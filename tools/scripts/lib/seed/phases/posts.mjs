// Posts: every size of the photo uploaded first, then the post, its explore entry and the author's
// usersData.posts in one write, as createPost writes them. createPost reads the followers inside a
// transaction because members may unfollow meanwhile; here nobody else writes, so each author's
// followers are read once and each post is one batch.
import { arrayUnion, doc, getDoc, serverTimestamp } from 'firebase/firestore/lite';
import { commitWithRetry } from '../commit.mjs';
import { eachLimited } from '../limited.mjs';
import { uploadSizes } from '../session.mjs';

/** @param {Map<string, object>} existing the posts already stored (existing-posts.mjs) */
export async function writePosts(run, existing) {
  const { plan, concurrency, sessions, created, picture } = run;
  const { STORAGE_FOLDERS } = run.model;
  const followersOf = await Promise.all(
    sessions.map(async ({ db, uid }) => {
      return (await getDoc(doc(db, 'Followers', uid))).data()?.Followers ?? [];
    }),
  );
  const missing = plan.posts.filter((post) => !existing.has(post.id));
  await eachLimited(missing, concurrency, async (post) => {
    const session = sessions[post.author];
    const { db, uid } = session;
    let photo = {};
    if (post.photo) {
      const { sizes, images } = await picture(post.photo.key);
      const urls = await uploadSizes(session, STORAGE_FOLDERS.posts, post.id, sizes, images);
      const display = sizes.find((size) => size.name === 'display');
      photo = {
        postImage: urls.display,
        postThumbnail: urls.thumbnail,
        postImageWidth: display.width,
        postImageHeight: display.height,
      };
    }
    await commitWithRetry(db, (batch) => {
      batch.set(doc(db, 'posts', post.id), {
        postImage: photo.postImage ?? null,
        postCaption: post.caption,
        uid,
        postId: post.id,
        followers: Array.from(new Set([uid, ...followersOf[post.author]])),
        likes: [],
        createdAt: serverTimestamp(),
        ...(post.photo
          ? {
              postThumbnail: photo.postThumbnail,
              postImageWidth: photo.postImageWidth,
              postImageHeight: photo.postImageHeight,
            }
          : {}),
      });
      if (post.photo)
        batch.set(doc(db, 'explorePosts', post.id), {
          postImage: photo.postImage,
          uid,
          postId: post.id,
          createdAt: serverTimestamp(),
          postThumbnail: photo.postThumbnail,
        });
      batch.update(doc(db, 'usersData', uid), { posts: arrayUnion(post.id) });
    });
    created.posts += 1;
  });
}
