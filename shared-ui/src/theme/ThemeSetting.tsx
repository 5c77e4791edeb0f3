import { useId } from 'react';
import { setThemeChoice, useThemeChoice } from './theme';
import type { ThemeChoice } from './theme';

const CHOICES: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/**
 * The settings card where a member picks Light, Dark or System (the device's setting). The choice
 * applies at once and is remembered on this device (theme.ts).
 */
export function ThemeSetting() {
  const headingId = useId();
  const choice = useThemeChoice();
  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-setting__heading">
        Appearance
      </h2>
      <fieldset className="ui-setting__choices">
        <legend>Theme</legend>
        {CHOICES.map(({ value, label }) => (
          <label key={value} className="ui-setting__choice">
            <input
              type="radio"
              name={`${headingId}-theme`}
              value={value}
              checked={choice === value}
              onChange={() => setThemeChoice(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
