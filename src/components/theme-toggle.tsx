import { useState } from 'react';

type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Switches between the light and dark theme and remembers the choice. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="rounded border border-slate-300 px-2 py-1 text-xs dark:border-slate-600"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        document.documentElement.classList.toggle('dark', next === 'dark');
        try {
          localStorage.setItem('zap1.theme', next);
        } catch {
          // The theme still switches for this visit.
        }
        setTheme(next);
      }}
    >
      {theme === 'dark' ? 'Light theme' : 'Dark theme'}
    </button>
  );
}
