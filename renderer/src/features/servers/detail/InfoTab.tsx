import type { ServerState } from '../../../../../shared/servers/server-state.ts';
import { JsonView } from '../../../components/JsonView.tsx';
import { eraBadge, launchTarget } from '../server-status.ts';
import { ServerText } from '../../../components/ServerText.tsx';

export function InfoTab({ server }: { server: ServerState }) {
  const launch = server.launch;
  return (
    <div className="info-tab">
      <dl className="info-list">
        <dt>Server</dt>
        <dd>
          {server.serverInfo ? (
            <>
              <ServerText text={server.serverInfo.title ?? server.serverInfo.name} /> <span className="muted"><ServerText text={server.serverInfo.version} /></span>
              {server.serverInfo.title && <code className="item-name"> <ServerText text={server.serverInfo.name} /></code>}
            </>
          ) : (
            <span className="muted">Not reported yet</span>
          )}
        </dd>
        <dt>Protocol</dt>
        <dd>{server.era ? eraBadge(server.era, server.protocolVersion).title : <span className="muted">Not negotiated yet</span>}</dd>
        <dt>Protocol version</dt>
        <dd>{server.protocolVersion ?? <span className="muted">—</span>}</dd>
        <dt>Transport</dt>
        <dd>{server.transport}</dd>
        {server.connectedAt !== undefined && (
          <>
            <dt>Connected since</dt>
            <dd>{new Date(server.connectedAt).toLocaleString()}</dd>
          </>
        )}
        {launch?.transport === 'stdio' && (
          <>
            <dt>Command</dt>
            <dd>
              <code className="launch-command"><ServerText text={[launch.command, ...launch.args].map(quoteArg).join(' ')} mode="strict" /></code>
            </dd>
            <dt>Working directory</dt>
            <dd>{launch.cwd ? <code><ServerText text={launch.cwd} mode="strict" /></code> : <span className="muted">Default</span>}</dd>
            <dt>Environment</dt>
            <dd>
              {launch.envKeys.length > 0 ? (
                <span className="key-list">
                  {launch.envKeys.map((key) => (
                    <code key={key}><ServerText text={key} mode="strict" /></code>
                  ))}
                  <span className="muted small"> (values are not shown)</span>
                </span>
              ) : (
                <span className="muted">No variables set</span>
              )}
            </dd>
          </>
        )}
        {launch && launch.transport !== 'stdio' && (
          <>
            <dt>URL</dt>
            <dd>
              <code><ServerText text={launchTarget(launch)?.full ?? ''} mode="strict" /></code>
            </dd>
            <dt>Headers</dt>
            <dd>
              {launch.headerKeys.length > 0 ? (
                <span className="key-list">
                  {launch.headerKeys.map((key) => (
                    <code key={key}>{key}</code>
                  ))}
                  <span className="muted small"> (values are not shown)</span>
                </span>
              ) : (
                <span className="muted">None</span>
              )}
            </dd>
          </>
        )}
      </dl>
      {server.instructions && (
        <section aria-label="Instructions">
          <h4>Instructions</h4>
          <pre className="content-text"><ServerText text={server.instructions} /></pre>
        </section>
      )}
      {server.capabilities && (
        <section aria-label="Capabilities">
          <h4>Capabilities</h4>
          <JsonView value={server.capabilities} label="Capabilities" />
        </section>
      )}
    </div>
  );
}

/** Shows the command as a shell would need it, so it can be copied and run by hand. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
