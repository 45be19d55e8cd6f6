import { useActionState, useEffect, useId, useState } from 'react';
import { DEFAULT_ACTIVITY_RETENTION_DAYS } from '../../../../shared/activity/activity-types.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import './activity.css';

const MAX_DAYS = 3_650;

type SaveState = { ok?: string; error?: string };

/** Settings → Activity: how long the record of tool calls is kept. */
export function RetentionSection() {
  const api = useHostApi();
  const id = useId();
  const [days, setDays] = useState<string>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    let alive = true;
    api.call('activity.settings', {}).then(
      (settings) => alive && setDays(String(settings.retentionDays)),
      (failure: unknown) => alive && setLoadError(errorMessage(failure)),
    );
    return () => {
      alive = false;
    };
  }, [api]);

  const [state, save, saving] = useActionState(async (): Promise<SaveState> => {
    const value = Number(days);
    if (!Number.isInteger(value) || value < 1 || value > MAX_DAYS) return { error: `Enter a whole number of days from 1 to ${MAX_DAYS}.` };
    try {
      const saved = await api.call('activity.updateSettings', { retentionDays: value });
      setDays(String(saved.retentionDays));
      return { ok: 'Saved.' };
    } catch (failure) {
      return { error: errorMessage(failure) };
    }
  }, {});

  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`}>
      <header className="settings-section-head">
        <h2 id={`${id}-heading`}>Activity</h2>
      </header>
      <p className="muted">The record of every tool call (the Activity view). Older calls are deleted.</p>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      <form action={save} className="settings-inline activity-retention" noValidate>
        <label htmlFor={`${id}-days`}>Keep activity for</label>
        <input
          id={`${id}-days`}
          className="activity-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DAYS}
          step={1}
          value={days ?? ''}
          placeholder={String(DEFAULT_ACTIVITY_RETENTION_DAYS)}
          disabled={days === undefined}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? `${id}-error` : undefined}
          onChange={(event) => setDays(event.target.value)}
        />
        <span>days</span>
        <button type="submit" className="button" disabled={saving || days === undefined}>
          Save
        </button>
        {state.ok && <span className="settings-ok" role="status">{state.ok}</span>}
      </form>
      {state.error && (
        <p className="field-error" id={`${id}-error`}>
          {state.error}
        </p>
      )}
    </section>
  );
}
