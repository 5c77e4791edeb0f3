import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu } from './Menu';

function setup() {
  const selected: string[] = [];
  const items = ['Profile', 'Settings', 'Signout'].map((label) => ({
    label,
    onSelect: () => selected.push(label),
  }));
  render(<Menu label="Account menu" trigger={<span>me</span>} items={items} />);
  return { selected, user: userEvent.setup() };
}

describe('Menu', () => {
  it('opens on click and runs the chosen item', async () => {
    const { selected, user } = setup();
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(selected).toEqual(['Settings']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is usable by keyboard alone', async () => {
    const { selected, user } = setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Signout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{End}{Enter}');
    expect(selected).toEqual(['Signout']);
  });
});
