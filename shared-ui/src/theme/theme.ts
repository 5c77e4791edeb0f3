import { useSyncExternalStore } from 'react';

/** The member's theme: a fixed one, or whatever the system asks for. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/**
 * Local storage key holding the choice ('light' or 'dark'; absent means 'system'). theme-boot.js
 * reads the same key before the first paint.
 */
export const THEME_STORAGE_KEY = 'THEME';

const CHANGE_EVENT = 'ui-theme-change';

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Sets the page's theme: `data-theme` on the root element, which the design tokens follow. */
function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Remembers `choice` on this device and applies it at once, in this tab and in the others. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered (storage refused); this page still follows it.
  }
  apply(choice);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // Another tab's choice arrives as a storage event: follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    apply(storedChoice());
    onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The member's current theme choice, kept up to date. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, storedChoice, () => 'system');
}
