import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { TelemetrySettings } from '../../../../shared/api/telemetry-api.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { errorMessage } from '../../components/error-message.ts';

/**
 * Settings: OpenTelemetry trace export. The headers are write-only like API keys: the host keeps them in the
 * secret store and the page only learns their names.
 */
export function TelemetrySection() {
  const api = useHostApi();
  const ids = { heading: useId(), endpoint: useId(), endpointHint: useId(), headers: useId(), headersHint: useId() };
  const [settings, setSettings] = useState<TelemetrySettings>();
  const [endpoint, setEndpoint] = useState('');
  const [headers, setHeaders] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();

  useEffect(() => {
    const off = api.on('telemetry.changed', setSettings);
    api.call('telemetry.get', {}).then(
      (current) => {
        setSettings(current);
        // What the person already typed wins over what loaded.
        setEndpoint((typed) => (typed === '' ? (current.endpoint ?? '') : typed));
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
    return off;
  }, [api]);

  const save = (event: FormEvent, clearHeaders = false) => {
    event.preventDefault();
    setError(undefined);
    setSaved(undefined);
    const typed = headers.trim();
    const params = { endpoint: endpoint.trim(), ...(clearHeaders ? { headers: '' } : typed !== '' ? { headers: typed } : {}) };
    api.call('telemetry.update', params).then(
      (next) => {
        setSettings(next);
        setHeaders('');
        setSaved(next.endpoint ? 'Saved: traces are exported.' : 'Saved: trace export is off.');
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };

  const on = settings?.endpoint !== undefined;
  const headerNames = settings?.headerNames ?? [];
  return (
    <section className="settings-section" aria-labelledby={ids.heading}>
      <header className="settings-section-head">
        <h2 id={ids.heading}>Trace export (OpenTelemetry)</h2>
        {settings && <span className={`pill ${on ? 'pill-ok' : ''}`}>{on ? 'On' : 'Off'}</span>}
      </header>
      <form onSubmit={(event) => save(event)}>
        <div className="field">
          <label htmlFor={ids.endpoint}>OTLP endpoint</label>
          <input
            id={ids.endpoint}
            type="url"
            className="mono"
            placeholder="http://localhost:4318"
            value={endpoint}
            spellCheck={false}
            aria-describedby={ids.endpointHint}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setEndpoint(event.target.value)}
          />
          <p className="field-hint" id={ids.endpointHint}>
            Optional. A collector’s OTLP/HTTP address (Jaeger, the OpenTelemetry Collector): each chat turn is sent as a
            trace, with a span per model request and per tool call; calls from Run tool and apps, denied calls and
            servers’ sampling requests are traced too. Server, tool and model names, durations, token counts
            and outcomes only; never arguments, results or messages. <code>/v1/traces</code> is added unless the address
            ends with it; plain http only to this computer. Empty turns export off.
            {settings?.tracesUrl && (
              <>
                {' '}
                Spans go to <code>{settings.tracesUrl}</code>.
              </>
            )}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.headers}>Headers</label>
          <textarea
            id={ids.headers}
            className="mono"
            rows={2}
            autoComplete="off"
            spellCheck={false}
            placeholder={headerNames.length > 0 ? 'Type new headers to replace the stored ones' : 'Authorization: Bearer …'}
            value={headers}
            aria-describedby={ids.headersHint}
            onChange={(event) => setHeaders(event.target.value)}
          />
          <p className="field-hint" id={ids.headersHint}>
            {headerNames.length > 0
              ? `Stored: ${headerNames.join(', ')} (values kept as secrets, never shown again). `
              : 'None set. '}
            One <code>Name: value</code> per line, for a collector that needs a token.
          </p>
        </div>
        {settings?.lastError && (
          <p className="callout banner-warning" role="note">
            {/* The collector's words: shown with hidden characters visible, like a server's. */}
            The last export failed: <ServerText text={settings.lastError} />
          </p>
        )}
        <FormError message={error} />
        <div className="dialog-actions dialog-actions-start">
          <button type="submit" className="button button-small">
            Save
          </button>
          {headerNames.length > 0 && (
            <button type="button" className="button button-small button-quiet-danger" onClick={(event) => save(event, true)}>
              Remove headers
            </button>
          )}
          {saved && (
            <span role="status" className="muted small">
              {saved}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
