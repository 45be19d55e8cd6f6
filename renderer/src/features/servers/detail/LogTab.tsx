import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LogEntry, LogSource } from '../../../../../shared/servers/server-state.ts';
import { useAppStore, useHostApi } from '../../../app/host-context.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../components/error-message.ts';
import { filterLog, formatLogTime, logAsText } from './log-text.ts';
import type { LogFilter } from './log-text.ts';
import { ServerText } from '../../../components/ServerText.tsx';
import { ServerLogLevel } from './ServerLogLevel.tsx';

const noEntries: LogEntry[] = [];
const sources: (LogSource | 'all')[] = ['all', 'stderr', 'lifecycle', 'server', 'host'];

export function LogTab({ server }: { server: string }) {
  const api = useHostApi();
  const entries = useAppStore((state) => state.logs[server] ?? noEntries);
  const logsReceived = useAppStore((state) => state.logsReceived);
  const epoch = useAppStore((state) => state.connection.epoch);
  const [filter, setFilter] = useState<LogFilter>({ text: '', source: 'all' });
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState<string>();
  const scroller = useRef<HTMLDivElement>(null);
  // Follows new lines only while the person is at the bottom; scrolling up to read stops it.
  const following = useRef(true);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (epoch === 0) return;
    let current = true;
    api.call('servers.logs', { server }).then(
      (fetched) => current && logsReceived(server, fetched),
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, logsReceived, server, epoch]);

  const visible = filterLog(entries, filter);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [visible.length, visible.at(-1)?.seq]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
    following.current = atBottom;
    setPaused(!atBottom);
  };
  const jumpToLatest = () => {
    const element = scroller.current;
    following.current = true;
    setPaused(false);
    if (element) element.scrollTop = element.scrollHeight;
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(logAsText(visible));
      setCopied(`Copied ${visible.length} line${visible.length === 1 ? '' : 's'}`);
    } catch (failure) {
      setCopied(`Could not copy: ${errorMessage(failure)}`);
    }
  };

  return (
    <div className="log-tab">
      <div className="log-toolbar">
        <input
          type="search"
          className="filter-input"
          aria-label="Filter log"
          placeholder="Filter"
          value={filter.text}
          onChange={(event) => setFilter((current) => ({ ...current, text: event.target.value }))}
        />
        <label className="inline-label">
          Source
          <select value={filter.source} onChange={(event) => setFilter((current) => ({ ...current, source: event.target.value as LogFilter['source'] }))}>
            {sources.map((source) => (
              <option key={source} value={source}>
                {source === 'all' ? 'All' : source}
              </option>
            ))}
          </select>
        </label>
        <ServerLogLevel server={server} onError={setError} />
        <button type="button" className="button button-small" onClick={copy} disabled={visible.length === 0}>
          Copy
        </button>
        <span className="muted small" role="status">
          {copied ?? `${visible.length} of ${entries.length} lines`}
        </span>
      </div>
      <FormError message={error} />
      <div className="log-view" ref={scroller} onScroll={onScroll} role="log" aria-label={`${server} log`} tabIndex={0}>
        {visible.length === 0 ? (
          <p className="muted">{entries.length === 0 ? 'Nothing logged yet.' : 'No lines match the filter.'}</p>
        ) : (
          visible.map((entry) => (
            <div key={entry.seq} className={`log-line log-${entry.level} log-source-${entry.source}`}>
              <time dateTime={new Date(entry.time).toISOString()}>{formatLogTime(entry.time)}</time>
              <span className="log-source">{entry.source}</span>
              <span className="log-level">{entry.level}</span>
              <span className="log-text"><ServerText text={entry.text} /></span>
            </div>
          ))
        )}
      </div>
      {paused && (
        <button type="button" className="button button-small jump-latest" onClick={jumpToLatest}>
          Jump to latest
        </button>
      )}
    </div>
  );
}
