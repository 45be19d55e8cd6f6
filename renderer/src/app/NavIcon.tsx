import type { AppView } from './views.ts';

const paths: Record<AppView['icon'], string> = {
  servers: 'M4 5h16v5H4zM4 14h16v5H4zM7 7.5h.01M7 16.5h.01',
  chat: 'M4 5h16v11H9l-5 4z',
  activity: 'M3 12h4l3-7 4 14 3-7h4',
  settings: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
};

export function NavIcon({ name }: { name: AppView['icon'] }) {
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
