import { useState } from 'react';
import { useAppStore, useHostApi } from '../../app/host-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { Switch } from '../../components/Switch.tsx';
import type { ToolPickerServer } from './tool-picker-rows.ts';
import { useToolRows } from './use-tool-rows.ts';
import { ServerText } from '../../components/ServerText.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { McpIcon } from '../../components/icons/McpIcon.tsx';

/** The button in the chat header, with how many tools the model gets in this conversation. */
export function ToolsPickerButton({ conversationId, disabledTools }: { conversationId: string | undefined; disabledTools: readonly string[] }) {
  const rows = useToolRows(disabledTools);
  const [open, setOpen] = useState(false);
  const offered = rows.reduce((sum, row) => sum + row.offeredCount, 0);
  return (
    <>
      <button type="button" className="button button-small" onClick={() => setOpen(true)} disabled={!conversationId} aria-haspopup="dialog">
        Tools <span className="tab-count">{offered}</span>
        <span className="visually-hidden"> enabled</span>
      </button>
      {open && conversationId && <ToolsPickerDialog conversationId={conversationId} rows={rows} onClose={() => setOpen(false)} />}
    </>
  );
}

function ToolsPickerDialog({ conversationId, rows, onClose }: { conversationId: string; rows: ToolPickerServer[]; onClose: () => void }) {
  const api = useHostApi();
  const disabledToolsReceived = useAppStore((state) => state.disabledToolsReceived);
  const showView = useAppStore((state) => state.showView);
  const [error, setError] = useState<string>();
  const pinned = useAppStore((state) => state.settings?.pinnedTools);
  const setPinned = (server: string, tool: string, pin: boolean) => {
    setError(undefined);
    const key = `${server}/${tool}`;
    const next = (pinned ?? []).filter((entry) => entry !== key);
    if (pin) next.push(key);
    // The host announces the new settings (`settings.changed`); the switch follows them.
    api.call('settings.update', { pinnedTools: next }).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const setEnabled = (server: string, enabled: boolean, tool?: string) => {
    setError(undefined);
    api.call('chat.setToolEnabled', { conversationId, server, enabled, ...(tool ? { tool } : {}) }).then(
      (conversation) => disabledToolsReceived(conversation.id, conversation.disabledTools),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };
  return (
    <Dialog
      title="Tools in this chat"
      onClose={onClose}
      size="wide"
      description="Switches here apply to this conversation only. Tools switched off in the Servers view stay off everywhere. With many tools, the model searches for the ones it needs; pinned tools are always loaded, in every chat."
    >
      <div className="dialog-body tools-picker">
        <FormError message={error} />
        {rows.length === 0 && (
          <p className="muted">
            No servers yet.{' '}
            <button type="button" className="link-button" onClick={() => showView('servers')}>
              Add one in Servers
            </button>
          </p>
        )}
        <ul className="tools-picker-servers" aria-label="Servers">
          {rows.map((row) => (
            <ServerRow key={row.name} row={row} onToggle={setEnabled} pinned={pinned ?? []} onPin={setPinned} />
          ))}
        </ul>
      </div>
    </Dialog>
  );
}

interface ServerRowProps {
  row: ToolPickerServer;
  onToggle: (server: string, enabled: boolean, tool?: string) => void;
  pinned: readonly string[];
  onPin: (server: string, tool: string, pin: boolean) => void;
}

function ServerRow({ row, onToggle, pinned, onPin }: ServerRowProps) {
  const [expanded, setExpanded] = useState(false);
  const note = !row.connected ? 'Not connected' : row.offGlobally ? 'Tools off in Servers' : undefined;
  const total = row.tools?.length;
  return (
    <li className="tools-picker-server" aria-label={writeOutHidden(row.name)}>
      <div className="tools-picker-row">
        <Switch
          label={`Use ${writeOutHidden(row.name)} in this chat`}
          checked={!row.offHere && !row.offGlobally && row.connected}
          disabled={row.offGlobally || !row.connected}
          onChange={(enabled) => onToggle(row.name, enabled)}
        />
        <button type="button" className="tools-picker-name" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} disabled={!row.tools?.length}>
          <span className="chevron" aria-hidden="true" />
          <McpIcon server={row.name} icons={row.icons} />
          <strong><ServerText text={row.name} /></strong>
        </button>
        <span className="muted small">{total === undefined ? '…' : `${row.offeredCount} of ${total} tools on`}</span>
        {note && <span className="pill">{note}</span>}
      </div>
      {expanded && row.tools && (
        <ul className="tools-picker-tools" aria-label={`Tools of ${writeOutHidden(row.name)}`}>
          {row.tools.map((tool) => (
            <li key={tool.name} className="tools-picker-tool">
              <Switch
                label={`Use ${writeOutHidden(tool.name)}`}
                checked={tool.offered}
                disabled={tool.offGlobally || row.offHere || row.offGlobally || !row.connected}
                onChange={(enabled) => onToggle(row.name, enabled, tool.name)}
              />
              <span>
                <McpIcon server={row.name} icons={tool.icons} />
                <code><ServerText text={tool.name} /></code>
                {tool.title && <span className="muted"> <ServerText text={tool.title} /></span>}
                {tool.offGlobally && <span className="pill"> Off in Servers</span>}
                {tool.description && <span className="tools-picker-description muted small"><ServerText text={tool.description} /></span>}
              </span>
              <span className="tools-picker-pin muted small">
                <Switch
                  label={`Pin ${writeOutHidden(tool.name)}: always loaded`}
                  checked={pinned.includes(`${row.name}/${tool.name}`)}
                  disabled={!tool.offered}
                  onChange={(pin) => onPin(row.name, tool.name, pin)}
                />
                Pin
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
