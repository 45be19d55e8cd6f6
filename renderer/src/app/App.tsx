import { Suspense } from 'react';
import { ConsentHost } from '../features/consent/ConsentHost.tsx';
import { DangerModeBanner } from '../features/settings/DangerModeBanner.tsx';
import { ShortcutLayer } from '../features/shortcuts/ShortcutLayer.tsx';
import { AccessRefused } from './AccessRefused.tsx';
import { ConnectionBanner } from './ConnectionBanner.tsx';
import { useAppStore } from './host-context.tsx';
import { Sidebar } from './Sidebar.tsx';
import { views } from './views.ts';

export function App() {
  const view = useAppStore((state) => state.view);
  const refused = useAppStore((state) => state.connection.status === 'refused');
  const current = views.find((entry) => entry.id === view) ?? views[0];
  if (refused) return <AccessRefused />;
  return (
    <div className="app">
      <Sidebar />
      <div className="main">
        <ConnectionBanner />
        <DangerModeBanner />
        <main className="view" aria-label={current.label}>
          <Suspense fallback={<p className="muted view-loading">Loading…</p>}>
            <current.Component />
          </Suspense>
        </main>
      </div>
      <ConsentHost />
      <ShortcutLayer />
    </div>
  );
}
