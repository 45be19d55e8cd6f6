import { lazy, Suspense, useState } from 'react';
import { useAppStore } from '../../app/host-context.tsx';
import './consent.css';

// The dialogs and their checks (URL safety, look-alike names, form rules, icons) are a chunk of their own, fetched
// when the first request or notice arrives: most windows open without one, and the first screen stays small.
const ConsentCenter = lazy(() => import('./ConsentCenter.tsx').then((module) => ({ default: module.ConsentCenter })));

export function ConsentHost() {
  const needed = useAppStore((state) => (state.consentRequests?.length ?? 0) > 0 || state.consentNotices.length > 0);
  // Once there, it stays: a dialog can outlive its request (the URL step's "waiting" view after Open page).
  const [loaded, setLoaded] = useState(false);
  if (needed && !loaded) setLoaded(true);
  if (!needed && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <ConsentCenter />
    </Suspense>
  );
}
