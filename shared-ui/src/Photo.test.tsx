import { fireEvent, render, screen } from '@testing-library/react';
import { Photo, placeholderPhoto } from './Photo';
import { Tile } from './Tile';

describe('Photo', () => {
  it('reserves its box, loads lazily, and the page’s main photo eagerly with high priority', () => {
    render(
      <>
        <Photo src="https://e.test/a.jpg" alt="Below" width={1080} height={810} />
        <Photo src="https://e.test/b.jpg" alt="First" priority />
      </>,
    );
    const below = screen.getByRole('img', { name: 'Below' });
    expect(below).toHaveAttribute('width', '1080');
    expect(below).toHaveAttribute('height', '810');
    expect(below).toHaveAttribute('loading', 'lazy');
    expect(below).not.toHaveAttribute('fetchpriority');
    const first = screen.getByRole('img', { name: 'First' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the placeholder photo instead of a broken image', () => {
    render(<Tile src="https://e.test/gone.jpg" srcSet="https://e.test/gone.jpg 320w" alt="Tile" />);
    const image = screen.getByRole('img', { name: 'Tile' });
    expect(image).toHaveAttribute('srcset', 'https://e.test/gone.jpg 320w');
    expect(image).not.toHaveAttribute('data-failed');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', placeholderPhoto);
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('data-failed');
  });
});
