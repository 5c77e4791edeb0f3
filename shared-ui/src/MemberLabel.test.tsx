import { render, screen } from '@testing-library/react';
import { placeholderAvatar } from './Avatar';
import { MemberLabel } from './MemberLabel';

describe('MemberLabel', () => {
  it('shows the picture at the size asked for, then the name', () => {
    const { container } = render(
      <a href="/profile/ann">
        <MemberLabel name="Ann" picture={{ src: 'ann.png' }} avatarSize={28} />
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Ann' })).toBeInTheDocument();
    const picture = container.querySelector('img')!;
    expect(picture).toHaveAttribute('src', 'ann.png');
    expect(picture).toHaveAttribute('width', '28');
    expect(picture).toHaveAttribute('alt', '');
  });

  it('shows the placeholder picture when the member has none', () => {
    const { container } = render(<MemberLabel name="Bo" picture={null} />);
    expect(container.querySelector('img')).toHaveAttribute('src', placeholderAvatar);
    expect(container.querySelector('img')).toHaveAttribute('width', '40');
    expect(screen.getByText('Bo')).toBeInTheDocument();
  });
});
