import { render, screen } from '@testing-library/react';
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
