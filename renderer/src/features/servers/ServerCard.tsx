import type { MouseEvent } from 'react';
import type { ServerState } from '../../../../shared/servers/server-state.ts';
import { Switch } from '../../components/Switch.tsx';
import { EraBadge } from './EraBadge.tsx';
import { ServerProblems } from './ServerProblems.tsx';
import { SignInControls } from './auth/SignInControls.tsx';
import { launchTarget, plural } from './server-status.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { McpIcon } from '../../components/icons/McpIcon.tsx';

export interface ServerActions {
  select(name: string): void;
  setEnabled(name: string, enabled: boolean): void;
  restart(name: string): void;
  edit(name: string): void;
  remove(name: string): void;
  /** Brings up the trust review of a server that waits for it, or asks again for one that was not trusted. */
  reviewTrust(name: string): void;
  /** Asks for the `${input:ID}` values the server's entry uses and has none for yet. */
  enterValues(name: string): void;
}

function countsText(server: ServerState): string {
  const { tools, resources, resourceTemplates, prompts } = server.counts;
  return [plural(tools, 'tool'), plural(resources + resourceTemplates, 'resource'), plural(prompts, 'prompt')].join(' · ');
}

/**
 * A click anywhere on the card opens the server, except on the controls inside it, which do their own thing.
 * Keyboards reach the same action through the name button, so the card itself need not be focusable.
 */
function selectOnCardClick(event: MouseEvent<HTMLElement>, select: () => void) {
  const target = event.target as Element;
  if (target.closest('button, a, input, select, textarea, label, summary')) return;
  if (window.getSelection()?.toString()) return;
  select();
}

export function ServerCard({ server, selected, actions, needsValues = false }: { server: ServerState; selected: boolean; actions: ServerActions; needsValues?: boolean }) {
  const enabled = server.status !== 'disabled';
  const launch = launchTarget(server.launch);
  return (
    <li
      className={selected ? 'server-card selected' : 'server-card'}
      aria-label={server.name}
      data-status={server.status}
      onClick={(event) => selectOnCardClick(event, () => actions.select(server.name))}
    >
      <div className="server-card-head">
        <button type="button" className="server-name" aria-current={selected ? 'true' : undefined} onClick={() => actions.select(server.name)}>
          <McpIcon server={server.name} icons={server.serverInfo?.icons} />
          {server.name}
        </button>
        <Switch label={`Enable ${server.name}`} checked={enabled} onChange={(next) => actions.setEnabled(server.name, next)} />
      </div>
      <div className="server-card-meta">
        <StatusBadge status={server.status} />
        <EraBadge era={server.era} protocolVersion={server.protocolVersion} />
        <span className="badge">{server.transport}</span>
      </div>
      {launch && (
        <p className="server-target" title={writeOutHidden(launch.full, { mode: 'strict' })}>
          <ServerText text={launch.short} mode="strict" />
        </p>
      )}
      {server.status === 'connected' && <p className="server-counts">{countsText(server)}</p>}
      {!server.toolsEnabled && server.status === 'connected' && <p className="muted small">Tools are off for the model</p>}
      {(server.status === 'awaiting-trust' || server.status === 'untrusted') && (
        <div className="trust-note">
          <p>
            {server.status === 'awaiting-trust'
              ? 'Not started: waiting for you to review what it runs.'
              : 'Not started: you chose not to trust what it runs.'}
          </p>
          {server.reason && <p className="muted small"><ServerText text={server.reason} /></p>}
          <button type="button" className="button button-small button-primary" onClick={() => actions.reviewTrust(server.name)}>
            Review and trust
          </button>
        </div>
      )}
      <SignInControls server={server} />
      {needsValues && (
        <button type="button" className="button button-small button-primary" onClick={() => actions.enterValues(server.name)}>
          Enter values
        </button>
      )}
      <ServerProblems server={server} />
      <div className="server-card-actions">
        <button type="button" className="button button-small" onClick={() => actions.restart(server.name)} disabled={!enabled}>
          Restart
        </button>
        <button type="button" className="button button-small" onClick={() => actions.edit(server.name)}>
          Edit
        </button>
        <button type="button" className="button button-small button-quiet-danger" onClick={() => actions.remove(server.name)}>
          Remove
        </button>
      </div>
    </li>
  );
}
