import type { LeftOutTool } from '../../../../../shared/servers/server-state.ts';
import { ServerText } from '../../../components/ServerText.tsx';

/** Tools the server listed that the host left out: never offered to the model, so say which and why. */
export function LeftOutTools({ tools }: { tools: readonly LeftOutTool[] }) {
  if (tools.length === 0) return null;
  return (
    <section className="callout banner-warning" aria-label="Tools left out">
      <strong>
        {tools.length === 1 ? 'One tool was left out' : `${tools.length} tools were left out`}: the model is never offered{' '}
        {tools.length === 1 ? 'it' : 'them'} and {tools.length === 1 ? 'it cannot' : 'they cannot'} be run.
      </strong>
      <ul className="left-out-tools">
        {tools.map((tool) => (
          <li key={tool.name}>
            <code><ServerText text={tool.name} /></code>: <ServerText text={tool.reason} />
          </li>
        ))}
      </ul>
    </section>
  );
}
