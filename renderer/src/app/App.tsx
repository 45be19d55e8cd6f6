import { ConsentCenter } from '../features/consent/ConsentCenter.tsx';
import { DangerModeBanner } from '../features/settings/DangerModeBanner.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { useAppStore } from './host-context.tsx';
import { Sidebar } from './Sidebar.tsx';
import { views } from './views.ts';

export function App() {
  const view = useAppStore((state) => state.view);
  const current = views.find((entry) => entry.id === view) ?? views[0];
  return (
    <div className="app">
      <Sidebar />
      <div className="main">
        <ConnectionBanner />
        <DangerModeBanner />
        <main className="view" aria-label={current.label}>
          <current.Component />
        </main>
      </div>
      <ConsentCenter />
    </div>
  );
}
