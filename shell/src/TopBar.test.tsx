import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { TopBar } from './TopBar';

// The picture and the unread count read Firestore; their placeholders are what is tested here.
jest.mock('./MemberAvatar', () => ({ __esModule: true, default: () => null }));
jest.mock('./ActivityBell', () => ({ __esModule: true, default: () => null }));

async function openMenu(moderator: boolean | undefined) {
  render(
    <MemoryRouter>
      <TopBar uid="u1" moderator={moderator} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('links the remotes add', () => {
  it('a moderator finds Moderation in the bar and, for phones, in the account menu', async () => {
    const items = await openMenu(true);
    const link = screen.getByRole('link', { name: 'Moderation' });
    expect(link).toHaveAttribute('href', '/moderation');
    // Hidden by the stylesheet on a phone's width, where the menu holds it.
    expect(link).toHaveClass('shell-topbar__link--wide');
    expect(items).toEqual(['Profile', 'Settings', 'Moderation', 'Your reports', 'Signout']);
  });

  it('a member without the claim, or whose claims are not read yet, sees no Moderation', async () => {
    for (const moderator of [false, undefined]) {
      const items = await openMenu(moderator);
      expect(screen.queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
      expect(items).toEqual(['Profile', 'Settings', 'Your reports', 'Signout']);
      cleanup();
    }
  });
});
