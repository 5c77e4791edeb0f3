/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY } from './theme';
import { ThemeSetting } from './ThemeSetting';

const root = document.documentElement;
const bootScript = fs.readFileSync(path.join(__dirname, 'theme-boot.js'), 'utf8');

/** Runs the script the shell's pages run before their first paint, on a fresh page root. */
function bootPage() {
  delete root.dataset.theme;
  new Function(bootScript)();
}

afterEach(() => {
  localStorage.clear();
  delete root.dataset.theme;
});

describe('ThemeSetting', () => {
  it('starts on System and applies each choice at once', async () => {
    const user = userEvent.setup();
    render(<ThemeSetting />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(root.dataset.theme).toBeUndefined();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(root.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(root.dataset.theme).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(root.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(group).toBeInTheDocument();
  });

  it('is what the next page load applies before its first paint', async () => {
    const user = userEvent.setup();
    render(<ThemeSetting />);
    for (const choice of ['Dark', 'Light', 'System'] as const) {
      await user.click(screen.getByRole('radio', { name: choice }));
      const applied = root.dataset.theme;
      bootPage();
      expect(root.dataset.theme).toBe(applied);
    }
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    bootPage();
    expect(root.dataset.theme).toBeUndefined();
    render(<ThemeSetting />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });

  it('follows a choice made in another tab', () => {
    render(<ThemeSetting />);
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    });
    expect(root.dataset.theme).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });
});
