import { useState } from 'react';
import type { ResourceLink } from '@modelcontextprotocol/client';
import { useAppStore } from '../../app/host-context.tsx';
import { ResourcePreview } from './ResourcePreview.tsx';

/** For a tool result of `server`: a link's Preview (read through that server), from which it can be attached. */
export function resourceLinkPreview(server: string) {
  return function renderPreview(link: ResourceLink) {
    return server ? <ResourceLinkPreviewButton server={server} link={link} /> : null;
  };
}

function ResourceLinkPreviewButton({ server, link }: { server: string; link: ResourceLink }) {
  const [open, setOpen] = useState(false);
  const requestAttach = useAppStore((state) => state.requestAttach);
  const name = link.title ?? link.name;
  return (
    <>
      <button type="button" className="button button-small" onClick={() => setOpen(true)}>
        Preview
      </button>
      {open && (
        <ResourcePreview
          server={server}
          uri={link.uri}
          name={name}
          onClose={() => setOpen(false)}
          onAttach={async () => requestAttach({ server, uri: link.uri, name })}
        />
      )}
    </>
  );
}
