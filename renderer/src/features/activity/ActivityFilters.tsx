import { useId, useState } from 'react';
import type { ActivityOutcome, ActivitySource } from '../../../../shared/activity/activity-types.ts';
import { activityOutcomes, activitySources } from '../../../../shared/activity/activity-types.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { emptyFilterForm, outcomeLabels, sourceLabels, timeRanges } from './activity-format.ts';
import type { FilterForm, TimeRangeId } from './activity-format.ts';

interface ActivityFiltersProps {
  form: FilterForm;
  servers: readonly string[];
  tools: readonly string[];
  onChange(next: FilterForm): void;
}

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((item) => item !== value);
}

/** The width below which the filters start folded, so the calls are on the first screen. */
const NARROW = '(max-width: 859px)';

export function ActivityFilters({ form, servers, tools, onChange }: ActivityFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(() => !window.matchMedia(NARROW).matches);
  const set = <K extends keyof FilterForm>(field: K, value: FilterForm[K]) => onChange({ ...form, [field]: value });
  const active = [form.server !== '', form.tool.trim() !== '', form.outcomes.length > 0, form.sources.length > 0, form.range !== 'all'].filter(Boolean).length;
  return (
    <details className="activity-filter-box" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Filters{active > 0 && <span className="pill activity-filter-count">{active} on</span>}
      </summary>
      <form className="activity-filters" aria-label="Filter tool calls" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-server`}>Server</label>
          <select id={`${id}-server`} value={form.server} onChange={(event) => set('server', event.target.value)}>
            <option value="">All servers</option>
            {servers.map((server) => (
              <option key={server} value={server}>
                {server}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-tool`}>Tool</label>
          <input id={`${id}-tool`} type="search" list={`${id}-tools`} value={form.tool} placeholder="Any tool" spellCheck={false} onChange={(event) => set('tool', event.target.value)} />
          <datalist id={`${id}-tools`}>
            {tools.map((tool) => (
              <option key={tool} value={tool}>
                {writeOutHidden(tool)}
              </option>
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-range`}>Time</label>
          <select id={`${id}-range`} value={form.range} onChange={(event) => set('range', event.target.value as TimeRangeId)}>
            {timeRanges.map((range) => (
              <option key={range.id} value={range.id}>
                {range.label}
              </option>
            ))}
          </select>
        </div>
        {form.range === 'custom' && (
          <>
            <div className="field">
              <label htmlFor={`${id}-from`}>From</label>
              <input id={`${id}-from`} type="datetime-local" value={form.from} onChange={(event) => set('from', event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>To</label>
              <input id={`${id}-to`} type="datetime-local" value={form.to} onChange={(event) => set('to', event.target.value)} />
            </div>
          </>
        )}
        <fieldset className="activity-chips">
          <legend>Outcome</legend>
          {activityOutcomes.map((outcome: ActivityOutcome) => (
            <label key={outcome} className="activity-chip">
              <input type="checkbox" checked={form.outcomes.includes(outcome)} onChange={(event) => set('outcomes', toggled(form.outcomes, outcome, event.target.checked))} />
              {outcomeLabels[outcome]}
            </label>
          ))}
        </fieldset>
        <fieldset className="activity-chips">
          <legend>Made by</legend>
          {activitySources.map((source: ActivitySource) => (
            <label key={source} className="activity-chip">
              <input type="checkbox" checked={form.sources.includes(source)} onChange={(event) => set('sources', toggled(form.sources, source, event.target.checked))} />
              {sourceLabels[source]}
            </label>
          ))}
        </fieldset>
        {active > 0 && (
          <button type="button" className="button button-small activity-clear" onClick={() => onChange(emptyFilterForm)}>
            Clear filters
          </button>
        )}
      </form>
    </details>
  );
}
