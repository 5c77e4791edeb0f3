import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from 'shared-firebase';
import { PostPhoto } from './PostPhoto';
import { postPhotosOf } from './postPhotos';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());

type PhotoFields = Pick<
  Post,
  'postImage' | 'postImageAlt' | 'postCaption' | 'postImageWidth' | 'postImageHeight'
>;

function photoOf(post: PhotoFields) {
  const [photo] = postPhotosOf(post);
  if (!photo) throw new Error('A photo post shows its photo');
  return photo;
}

describe('PostPhoto', () => {
  it('frames the photo in its own shape from its stored size, within 4:5 to 1.91:1', () => {
    render(
      <>
        <PostPhoto
          photo={photoOf({
            postImage: 'https://e.test/a.jpg',
            postCaption: 'Wide',
            postImageWidth: 1080,
            postImageHeight: 810,
          })}
          onOpen={() => undefined}
        />
        <PostPhoto
          photo={photoOf({
            postImage: 'https://e.test/b.jpg',
            postCaption: 'Tall',
            postImageWidth: 500,
            postImageHeight: 1080,
          })}
          onOpen={() => undefined}
        />
        <PostPhoto
          photo={photoOf({
            postImage: 'https://e.test/p.jpg',
            postCaption: 'Panorama',
            postImageWidth: 1080,
            postImageHeight: 360,
          })}
          onOpen={() => undefined}
        />
      </>,
    );
    const wide = screen.getByRole('img', { name: 'Photo: Wide' });
    expect(wide).toHaveAttribute('width', '1080');
    expect(wide).toHaveAttribute('height', '810');
    expect(wide.style.aspectRatio).toBe('1080 / 810');
    expect(wide).not.toHaveClass('feed-post__photo--shape-unknown');
    expect(screen.getByRole('img', { name: 'Photo: Tall' }).style.aspectRatio).toBe('4 / 5');
    expect(screen.getByRole('img', { name: 'Photo: Panorama' }).style.aspectRatio).toBe('1.91');
  });

  it('gives posts from before the stored size the 4:3 frame, whole photo inside, and fetches the first photo first', () => {
    render(
      <PostPhoto
        photo={photoOf({ postImage: 'https://e.test/c.jpg', postCaption: null })}
        onOpen={() => undefined}
        priority
      />,
    );
    const photo = screen.getByRole('img', { name: 'Photo' });
    expect(photo).toHaveAttribute('width', '640');
    expect(photo).toHaveAttribute('height', '480');
    expect(photo.style.aspectRatio).toBe('');
    expect(photo).toHaveClass('feed-post__photo', 'feed-post__photo--shape-unknown');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(photo).toHaveAttribute('loading', 'eager');
  });

  it('says the author’s description, and opens the photo as a button named by it', async () => {
    const onOpen = jest.fn();
    render(
      <PostPhoto
        photo={photoOf({
          postImage: 'https://e.test/d.jpg',
          postImageAlt: 'A red kite above the dunes',
          postCaption: 'Windy day',
        })}
        onOpen={onOpen}
      />,
    );
    expect(screen.getByRole('img', { name: 'A red kite above the dunes' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'A red kite above the dunes' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('postPhotosOf', () => {
  it('shows no photo for a text post', () => {
    expect(postPhotosOf({ postImage: null, postCaption: 'Words' })).toEqual([]);
  });

  it('keeps the fallback of posts without a description: the caption’s start, or "Photo"', () => {
    const caption = 'x'.repeat(150);
    expect(photoOf({ postImage: 'u', postCaption: caption }).alt).toBe(`Photo: ${'x'.repeat(100)}`);
    expect(photoOf({ postImage: 'u', postCaption: null }).alt).toBe('Photo');
    expect(photoOf({ postImage: 'u', postCaption: null, postImageAlt: '' }).alt).toBe('Photo');
  });

  it('shows the display size, the largest stored, with its pixel size when stored', () => {
    expect(
      photoOf({
        postImage: 'https://e.test/display.jpg',
        postImageAlt: 'A kite',
        postCaption: null,
        postImageWidth: 1080,
        postImageHeight: 810,
      }),
    ).toEqual({
      src: 'https://e.test/display.jpg',
      alt: 'A kite',
      size: { width: 1080, height: 810 },
    });
  });
});
