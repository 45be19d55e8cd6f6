import { useEffect, useId, useState } from 'react';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { ResourceContentsView } from '../../components/tool-result/ContentBlockView.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { resourceKey } from '../../store/context-slice.ts';

interface ResourcePreviewProps {
  server: string;
  uri: string;
  name: string;
  onClose: () => void;
  /** Offered when the resource can be attached to the next message. */
  onAttach?: () => Promise<void>;
}

/** A resource read through its server, watched while the preview is open; a change is marked, one click reads it again. */
export function ResourcePreview({ server, uri, name, onClose, onAttach }: ResourcePreviewProps) {
  const api = useHostApi();
  const watcher = useId();
  const [result, setResult] = useState<ReadResourceResult>();
  const [readAt, setReadAt] = useState(0);
  const [error, setError] = useState<string>();
  const changed = useAppStore((state) => (state.resourceUpdates[resourceKey(server, uri)] ?? 0) > readAt && readAt > 0);

  const read = () => {
    setError(undefined);
    api.call('resources.read', { server, uri }).then(
      (read) => {
        setResult(read);
        setReadAt(Date.now());
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };

  useEffect(() => {
    read();
    void api.call('context.watch', { server, uri, watcher }).catch(() => {});
    return () => void api.call('context.unwatch', { server, uri, watcher }).catch(() => {});
    // Read once per resource; later reads are the person's (Read again).
  }, [api, server, uri, watcher]);

  return (
    <Dialog title={`Resource ${name}`} description={`${uri} on ${server}`} onClose={onClose} size="wide">
      {changed && (
        <p className="context-changed" role="status">
          Changed on the server since it was read.{' '}
          <button type="button" className="button button-small" onClick={read}>
            Read again
          </button>
        </p>
      )}
      <FormError message={error} />
      {result ? (
        <div className="resource-preview" aria-label="Resource content">
          {result.contents.map((contents, index) => (
            <ResourceContentsView key={index} contents={contents} />
          ))}
        </div>
      ) : (
        !error && <p className="muted">Reading…</p>
      )}
      {onAttach && (
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              onAttach().then(onClose, (failure: unknown) => setError(errorMessage(failure)));
            }}
          >
            Attach to message
          </button>
        </div>
      )}
    </Dialog>
  );
}
