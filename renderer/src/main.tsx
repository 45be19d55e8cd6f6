import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickConnection } from './api/pick-connection.ts';
import { App } from './app/App.tsx';
import { HostContext } from './app/host-context.tsx';
import { createAppStore } from './store/app-store.ts';
import { applyTheme, storedTheme } from './app/theme.ts';
import { syncStore } from './store/sync.ts';
import './styles/base.css';
import './styles/app.css';

// Before the first paint, so a dark choice never flashes light.
applyTheme(storedTheme());
const connection = pickConnection();
const store = createAppStore();
syncStore(connection, store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HostContext value={{ connection, store }}>
      <App />
    </HostContext>
  </StrictMode>,
);
