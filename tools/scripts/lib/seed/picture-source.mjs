import { planPicture, storedSizes } from './images.mjs';
import { dice, randomSource } from './random.mjs';

/**
 * The plan's pictures, each drawn and encoded on the encoder pool the first time it is asked for
 * (a rerun that uploads nothing encodes nothing): `picture(key)` resolves with its sizes and their
 * JPEG bytes. Phases ask early for what they will need, so the pool works while they wait on the
 * network.
 */
export function pictureSource(plan, { IMAGE_SIZES, JPEG_QUALITY }, pool) {
  const kinds = new Map();
  for (const { pictures } of plan.members) {
    kinds.set(pictures.avatar.key, 'profilePicture');
    kinds.set(pictures.cover.key, 'profileCover');
  }
  for (const post of plan.posts) if (post.photo) kinds.set(post.photo.key, 'post');
  const encoded = new Map();
  return (key) => {
    // Shared keys (photos, covers) are drawn once.
    if (!encoded.has(key)) {
      const kind = kinds.get(key);
      const picture = planPicture(kind, dice(randomSource(key)));
      const sizes = storedSizes(picture, IMAGE_SIZES[kind]);
      const promise = pool
        .encode(picture, sizes, JPEG_QUALITY)
        .then((images) => ({ sizes, images }));
      // A failed encode surfaces where the picture is used; an early request must not also
      // report it as unhandled.
      promise.catch(() => {});
      encoded.set(key, promise);
    }
    return encoded.get(key);
  };
}
