import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from './host-context.tsx';
import { NavIcon } from './NavIcon.tsx';
import { views } from './views.ts';

export function Sidebar() {
  const { view, showView } = useAppStore(useShallow((state) => ({ view: state.view, showView: state.showView })));
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Switchboard</span>
      </div>
      <ul>
        {views.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="nav-item"
              aria-current={view === entry.id ? 'page' : undefined}
              title={entry.label}
              onClick={() => showView(entry.id)}
            >
              <NavIcon name={entry.icon} />
              <span className="nav-label">{entry.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
