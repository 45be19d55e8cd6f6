import type { ActivityServerStats } from '../../../../shared/activity/activity-types.ts';
import { activityOutcomes } from '../../../../shared/activity/activity-types.ts';
import { formatDuration, formatRate, outcomeLabels } from './activity-format.ts';
import { OutcomePill } from './OutcomePill.tsx';

/** Per server, over the calls the filter lets through: how many, how they failed, how long they took. */
export function ActivityStats({ stats }: { stats: ActivityServerStats[] | undefined }) {
  if (stats === undefined || stats.length === 0) return null;
  return (
    <section className="activity-stats" aria-labelledby="activity-stats-heading">
      <h2 id="activity-stats-heading">By server</h2>
      <div className="activity-table-scroll">
        <table className="activity-stats-table" aria-labelledby="activity-stats-heading">
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col">Calls</th>
              <th scope="col">Not OK, by class</th>
              <th scope="col">p50</th>
              <th scope="col">p95</th>
            </tr>
          </thead>
          <tbody>
            {stats.map((row) => {
              const failed = activityOutcomes.filter((outcome) => outcome !== 'ok' && row.outcomes[outcome] > 0);
              return (
                <tr key={row.server} data-server={row.server}>
                  <th scope="row">{row.server}</th>
                  <td>{row.calls}</td>
                  <td>
                    {failed.length === 0 ? (
                      <span className="muted">none</span>
                    ) : (
                      <ul className="activity-error-rates">
                        {failed.map((outcome) => (
                          <li key={outcome} aria-label={`${outcomeLabels[outcome]}: ${row.outcomes[outcome]} of ${row.calls}, ${formatRate(row.outcomes[outcome], row.calls)}`}>
                            <OutcomePill outcome={outcome} /> {row.outcomes[outcome]} · {formatRate(row.outcomes[outcome], row.calls)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="activity-nowrap">{formatDuration(row.p50Ms)}</td>
                  <td className="activity-nowrap">{formatDuration(row.p95Ms)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
