import { render, screen } from '@testing-library/react';
import { PostPhoto } from './PostPhoto';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());

describe('PostPhoto', () => {
  it('reserves the photo’s own shape from its stored size, within 4:5 to 1.91:1', () => {
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
      </>,
    );
    const wide = screen.getByRole('img', { name: 'Photo: Wide' });
    expect(wide).toHaveAttribute('width', '1080');
    expect(wide).toHaveAttribute('height', '810');
    expect(wide.style.aspectRatio).toBe(String(1080 / 810));
    expect(screen.getByRole('img', { name: 'Photo: Tall' }).style.aspectRatio).toBe('0.8');
  });

  it('keeps the 4:3 box for posts from before the stored size, and fetches the first photo first', () => {
    render(<PostPhoto post={{ postImage: 'https://e.test/c.jpg', postCaption: null }} priority />);
    const photo = screen.getByRole('img', { name: 'Photo' });
    expect(photo).toHaveAttribute('width', '640');
    expect(photo).toHaveAttribute('height', '480');
    expect(photo.style.aspectRatio).toBe('');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(photo).toHaveAttribute('loading', 'eager');
  });
});
