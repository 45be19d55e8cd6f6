import { useEffect, useMemo, useRef, useState } from 'react';
import type { ActivityFilter } from '../../../../shared/activity/activity-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { downloadText } from '../chat/export-download.ts';
import { emptyFilterForm, exportFilename, filterFromForm } from './activity-format.ts';
import type { FilterForm } from './activity-format.ts';
import { ActivityDetailDialog } from './ActivityDetailDialog.tsx';
import { ActivityFilters } from './ActivityFilters.tsx';
import { ActivityList } from './ActivityList.tsx';
import { ActivityStats } from './ActivityStats.tsx';
import { useActivity } from './use-activity.ts';
import './activity.css';

/** Typing in the tool field asks the host once the typing pauses, not per key. */
const TYPING_PAUSE_MS = 300;

/** Every tool call on the record: who made it, how it was allowed, how it ended; filtered, counted, exported. */
export function ActivityView() {
  const api = useHostApi();
  const serverNames = useAppStore((state) => state.servers);
  const catalogs = useAppStore((state) => state.catalogs);
  const [form, setForm] = useState<FilterForm>(emptyFilterForm);
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [openId, setOpenId] = useState<string>();
  const [exported, setExported] = useState<string>();
  const [exportError, setExportError] = useState<string>();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const activity = useActivity(filter);

  useEffect(() => () => clearTimeout(typing.current), []);

  const change = (next: FilterForm) => {
    setForm(next);
    setExported(undefined);
    clearTimeout(typing.current);
    // A relative range is measured back from the moment it is chosen.
    const apply = () => setFilter(filterFromForm(next, Date.now()));
    if (next.tool !== form.tool) typing.current = setTimeout(apply, TYPING_PAUSE_MS);
    else apply();
  };

  const servers = useMemo(() => {
    const names = new Set(serverNames?.map((server) => server.name));
    for (const row of activity.stats ?? []) names.add(row.server);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [serverNames, activity.stats]);
  const tools = useMemo(() => {
    const names = new Set<string>();
    for (const [server, catalog] of Object.entries(catalogs)) {
      if (form.server && server !== form.server) continue;
      for (const tool of catalog.tools) names.add(tool.name);
    }
    for (const entry of activity.entries ?? []) names.add(entry.tool);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [catalogs, form.server, activity.entries]);

  const exportRecord = () => {
    setExported(undefined);
    setExportError(undefined);
    api.call('activity.export', filter).then(
      ({ jsonl, count }) => {
        downloadText(exportFilename(new Date()), 'application/x-ndjson', jsonl);
        setExported(count === 1 ? 'Exported 1 call.' : `Exported ${count} calls.`);
      },
      (failure: unknown) => setExportError(errorMessage(failure)),
    );
  };

  return (
    <div className="activity-view">
      <header className="view-header">
        <div>
          <h1>Activity</h1>
          <p className="muted">Every tool call, whoever made it: the model, you with Run tool, an app, or the command line.</p>
        </div>
        <div className="view-actions">
          <button type="button" className="button" onClick={exportRecord} disabled={!activity.entries || activity.entries.length === 0}>
            Export JSON Lines
          </button>
        </div>
      </header>
      <p className="settings-ok" role="status">
        {exported}
      </p>
      <FormError message={exportError ?? activity.error} />
      <ActivityFilters form={form} servers={servers} tools={tools} onChange={change} />
      <ActivityStats stats={activity.stats} />
      <section className="activity-calls" aria-label="Calls">
        {activity.entries === undefined ? (
          !activity.error && (
            <p className="muted" role="status">
              Loading…
            </p>
          )
        ) : activity.entries.length === 0 ? (
          <div className="empty-state">
            <strong>No tool calls {filter.server || filter.tool || filter.outcomes || filter.sources || filter.from || filter.to ? 'match these filters' : 'yet'}.</strong>
            <p className="muted">Each call the model, Run tool, an app or the command line makes is listed here as it happens.</p>
          </div>
        ) : (
          <ActivityList entries={activity.entries} hasMore={activity.hasMore} loadingMore={activity.loadingMore} onLoadMore={activity.loadMore} onOpen={setOpenId} />
        )}
      </section>
      {openId !== undefined && <ActivityDetailDialog id={openId} onClose={() => setOpenId(undefined)} />}
    </div>
  );
}
