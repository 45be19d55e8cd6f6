import { useId, useState } from 'react';
import { applyTheme, storedTheme } from '../../app/theme.ts';
import type { ThemeChoice } from '../../app/theme.ts';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceSection() {
  const ids = { heading: useId(), theme: useId() };
  const [theme, setTheme] = useState(storedTheme);
  const choose = (choice: ThemeChoice) => {
    setTheme(choice);
    applyTheme(choice);
  };
  return (
    <section className="settings-section" aria-labelledby={ids.heading}>
      <header className="settings-section-head">
        <h2 id={ids.heading}>Appearance</h2>
      </header>
      <div className="field">
        <label htmlFor={ids.theme}>Theme</label>
        <select id={ids.theme} value={theme} onChange={(event) => choose(event.target.value as ThemeChoice)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
