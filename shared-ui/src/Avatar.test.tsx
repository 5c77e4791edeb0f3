import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar, placeholderAvatar } from './Avatar';

describe('Avatar', () => {
  it('shows the placeholder image when the member has no picture', () => {
    render(<Avatar src={null} alt="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('src', placeholderAvatar);
  });

  it('shows the member picture with its size reserved', () => {
    render(<Avatar src="https://example.test/a.png" alt="Ada" size={32} />);
    const image = screen.getByRole('img', { name: 'Ada' });
    expect(image).toHaveAttribute('src', 'https://example.test/a.png');
    expect(image).toHaveAttribute('width', '32');
    expect(image).toHaveAttribute('height', '32');
  });
});

describe('Avatar sizes and failures', () => {
  it('offers the stored sizes for the drawn size', () => {
    render(<Avatar src="https://e.test/a.jpg" srcSet="https://e.test/s.jpg 96w" alt="Ada" />);
    const image = screen.getByRole('img', { name: 'Ada' });
    expect(image).toHaveAttribute('srcset', 'https://e.test/s.jpg 96w');
    expect(image).toHaveAttribute('sizes', '40px');
  });

  it('falls back to the placeholder when the picture fails to load, and tries a new one afresh', () => {
    const { rerender } = render(
      <Avatar src="https://e.test/gone.jpg" srcSet="https://e.test/s.jpg 96w" alt="Ada" />,
    );
    const image = screen.getByRole('img', { name: 'Ada' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', placeholderAvatar);
    expect(image).not.toHaveAttribute('srcset');
    rerender(<Avatar src="https://e.test/new.jpg" alt="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute(
      'src',
      'https://e.test/new.jpg',
    );
  });
});
