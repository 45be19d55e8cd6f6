import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActivityEntry, ActivityFilter, ActivityServerStats } from '../../../../shared/activity/activity-types.ts';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { matchesFilter, placeEntry } from './activity-format.ts';

const PAGE = 100;
/** Stats are counted again at most this often while calls keep arriving. */
const STATS_EVERY_MS = 1_000;

interface ActivityList {
  entries: ActivityEntry[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  stats: ActivityServerStats[] | undefined;
  error: string | undefined;
  loadMore(): void;
}

/**
 * The record for one filter: the newest page, older pages on request, the per-server stats, and every call the
 * host records from now on that the filter lets through. Fetched again whenever the connection (re)opens,
 * since events sent while it was down are gone.
 */
export function useActivity(filter: ActivityFilter): ActivityList {
  const api = useHostApi();
  const epoch = useAppStore((state) => (state.connection.status === 'open' ? state.connection.epoch : undefined));
  const key = JSON.stringify(filter);
  const [entries, setEntries] = useState<ActivityEntry[]>();
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [stats, setStats] = useState<ActivityServerStats[]>();
  const [error, setError] = useState<string>();
  // Answers to an earlier filter (or connection) are dropped: only the latest generation may write.
  const generation = useRef(0);
  const hasMoreRef = useRef(false);
  hasMoreRef.current = hasMore;

  useEffect(() => {
    if (epoch === undefined) return;
    const current = ++generation.current;
    const parsed = JSON.parse(key) as ActivityFilter;
    const alive = () => generation.current === current;
    setEntries(undefined);
    setError(undefined);
    setLoadingMore(false);
    api.call('activity.list', { ...parsed, limit: PAGE }).then(
      (page) => {
        if (!alive()) return;
        setEntries(page.entries);
        setHasMore(page.hasMore);
      },
      (failure: unknown) => alive() && setError(errorMessage(failure)),
    );
    const countStats = () =>
      api.call('activity.stats', parsed).then(
        (result) => alive() && setStats(result),
        (failure: unknown) => alive() && setError(errorMessage(failure)),
      );
    void countStats();
    let statsTimer: ReturnType<typeof setTimeout> | undefined;
    const off = api.on('activity.recorded', (entry) => {
      if (!alive() || !matchesFilter(entry, parsed)) return;
      setEntries((shown) => {
        if (!shown) return shown;
        const last = shown.at(-1);
        // Older than the oldest shown while more pages wait: the next page brings it, in its place.
        const known = shown.some((existing) => existing.id === entry.id);
        if (!known && hasMoreRef.current && last && entry.startedAt < last.startedAt) return shown;
        return placeEntry(shown, entry);
      });
      statsTimer ??= setTimeout(() => {
        statsTimer = undefined;
        void countStats();
      }, STATS_EVERY_MS);
    });
    return () => {
      off();
      if (statsTimer) clearTimeout(statsTimer);
    };
  }, [api, key, epoch]);

  const loadMore = useCallback(() => {
    const last = entries?.at(-1);
    if (!last || !hasMore || loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    api.call('activity.list', { ...(JSON.parse(key) as ActivityFilter), before: last.id, limit: PAGE }).then(
      (page) => {
        if (generation.current !== current) return;
        setEntries((shown) => {
          const seen = new Set(shown?.map((entry) => entry.id));
          return [...(shown ?? []), ...page.entries.filter((entry) => !seen.has(entry.id))];
        });
        setHasMore(page.hasMore);
        setLoadingMore(false);
      },
      (failure: unknown) => {
        if (generation.current !== current) return;
        setError(errorMessage(failure));
        setLoadingMore(false);
      },
    );
  }, [api, key, entries, hasMore, loadingMore]);

  return { entries, hasMore, loadingMore, stats, error, loadMore };
}
