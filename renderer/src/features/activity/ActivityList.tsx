import { useEffect, useRef } from 'react';
import type { ActivityEntry } from '../../../../shared/activity/activity-types.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { ServerText } from '../../components/ServerText.tsx';
import { approvalLabel, formatBytes, formatDuration, formatWhen, sourceLabels } from './activity-format.ts';
import { OutcomePill } from './OutcomePill.tsx';

interface ActivityListProps {
  entries: ActivityEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onOpen(id: string): void;
}

/** Newest first; the next older page loads when the end of the list scrolls into view (or on the button). */
export function ActivityList({ entries, hasMore, loadingMore, onLoadMore, onOpen }: ActivityListProps) {
  const end = useRef<HTMLDivElement>(null);
  const now = new Date();
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !hasMore) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore]);

  return (
    <>
      <div className="activity-table-scroll">
        <table className="activity-table" aria-label="Tool calls">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Server</th>
              <th scope="col">Tool</th>
              <th scope="col">Made by</th>
              <th scope="col">Approval</th>
              <th scope="col">Outcome</th>
              <th scope="col">Duration</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-outcome={entry.outcome} data-source={entry.source} onClick={() => onOpen(entry.id)}>
                <td className="activity-when">
                  <time dateTime={new Date(entry.startedAt).toISOString()} title={new Date(entry.startedAt).toLocaleString()}>
                    {formatWhen(entry.startedAt, now)}
                  </time>
                </td>
                <td className="activity-server">{entry.server}</td>
                <td className="activity-tool">
                  <button
                    type="button"
                    className="link-button"
                    aria-haspopup="dialog"
                    aria-label={`Open ${writeOutHidden(entry.tool)} on ${entry.server}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(entry.id);
                    }}
                  >
                    <code>
                      <ServerText text={entry.tool} />
                    </code>
                  </button>
                </td>
                <td data-label="Made by">{sourceLabels[entry.source]}</td>
                <td data-label="Approval">{approvalLabel(entry)}</td>
                <td>
                  <OutcomePill outcome={entry.outcome} />
                </td>
                <td data-label="Duration">{formatDuration(entry.durationMs)}</td>
                <td data-label="Result">{formatBytes(entry.resultBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div ref={end} className="activity-more">
        {hasMore ? (
          <button type="button" className="button button-small" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load older calls'}
          </button>
        ) : (
          entries.length > 0 && <p className="muted small">That is every call kept.</p>
        )}
      </div>
    </>
  );
}
