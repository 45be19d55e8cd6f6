import { useEffect, useState } from 'react';
import type { HostApi } from '../../../../shared/api/host-api.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { pickIcon } from './pick-icon.ts';

/**
 * Fetched icons are images, not app state: kept here for the page's life, one request per server and source, so
 * a list of a hundred tools sharing an icon asks once. A refusal is forgotten once answered (the host keeps the
 * lasting ones), so a later mount asks again after a network failure.
 */
const loaded = new Map<string, Promise<string | undefined>>();

function loadIcon(api: HostApi, server: string, src: string): Promise<string | undefined> {
  const key = `${server}\n${src}`;
  let icon = loaded.get(key);
  if (!icon) {
    icon = api.call('servers.icon', { server, src }).then(
      (result) => result.dataUri,
      () => undefined,
    );
    void icon.then((dataUri) => {
      if (!dataUri) loaded.delete(key);
    });
    loaded.set(key, icon);
  }
  return icon;
}

function pageTheme(): 'light' | 'dark' {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * A server's, tool's, prompt's or resource's icon next to its name: decoration only (`alt=""`), fixed size, shown
 * once the host hands it over as a checked `data:` URI; until then, or if refused, an empty slot of the same size.
 */
export function McpIcon({ server, icons }: { server: string; icons: unknown }) {
  const api = useHostApi();
  const src = pickIcon(icons, pageTheme());
  const [shown, setShown] = useState<{ src: string; dataUri: string }>();
  useEffect(() => {
    if (!src) return;
    let live = true;
    void loadIcon(api, server, src).then((dataUri) => {
      if (live && dataUri) setShown({ src, dataUri });
    });
    return () => {
      live = false;
    };
  }, [api, server, src]);
  if (!src) return null;
  if (shown?.src !== src) return <span className="mcp-icon" aria-hidden="true" />;
  return <img className="mcp-icon" src={shown.dataUri} alt="" width={16} height={16} decoding="async" draggable={false} />;
}
