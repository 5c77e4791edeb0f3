import { render, screen } from '@testing-library/react';
import { PostPhoto } from './PostPhoto';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());

describe('PostPhoto', () => {
  it('frames the photo in its own shape from its stored size, within 4:5 to 1.91:1', () => {
    render(
      <>
        <PostPhoto
          post={{
            postImage: 'https://e.test/a.jpg',
            postCaption: 'Wide',
            postImageWidth: 1080,
            postImageHeight: 810,
          }}
        />
        <PostPhoto
          post={{
            postImage: 'https://e.test/b.jpg',
            postCaption: 'Tall',
            postImageWidth: 500,
            postImageHeight: 1080,
          }}
        />
        <PostPhoto
          post={{
            postImage: 'https://e.test/p.jpg',
            postCaption: 'Panorama',
            postImageWidth: 1080,
            postImageHeight: 360,
          }}
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
    render(<PostPhoto post={{ postImage: 'https://e.test/c.jpg', postCaption: null }} priority />);
    const photo = screen.getByRole('img', { name: 'Photo' });
    expect(photo).toHaveAttribute('width', '640');
    expect(photo).toHaveAttribute('height', '480');
    expect(photo.style.aspectRatio).toBe('');
    expect(photo).toHaveClass('feed-post__photo', 'feed-post__photo--shape-unknown');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(photo).toHaveAttribute('loading', 'eager');
  });
});
