import { postPhotoBox, postTileSources, profilePictureSources } from './sources';

describe('which stored size each screen loads', () => {
  it('a grid tile loads the thumbnail, offering the display image for wide dense tiles', () => {
    expect(postTileSources({ postImage: 'D', postThumbnail: 'T' })).toEqual({
      src: 'T',
      srcSet: 'T 320w, D 1080w',
    });
  });

  it('posts and members from before the sizes still show their one image', () => {
    expect(postTileSources({ postImage: 'D' })).toEqual({ src: 'D' });
    expect(postPhotoBox({})).toBeNull();
    expect(profilePictureSources({ profilePicture: 'P', profileCover: null })).toEqual({
      src: 'P',
    });
    expect(profilePictureSources({ profilePicture: null, profileCover: 'C' })).toBeNull();
    expect(profilePictureSources(undefined)).toBeNull();
  });

  it('avatars offer the small and the larger picture; a post photo reserves its own box', () => {
    expect(
      profilePictureSources({ profilePicture: 'P', profileCover: null, profilePictureSmall: 'S' }),
    ).toEqual({ src: 'P', srcSet: 'S 96w, P 256w' });
    expect(postPhotoBox({ postImageWidth: 1080, postImageHeight: 1350 })).toEqual({
      width: 1080,
      height: 1350,
    });
  });
});
