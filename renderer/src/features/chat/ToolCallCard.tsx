import { useShallow } from 'zustand/react/shallow';
import type { ToolCallBlock, ToolCallStatus } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';
import { JsonView } from '../../components/JsonView.tsx';
import { formatDuration } from '../../components/tool-result/content-size.ts';
import { ToolResultView } from '../../components/tool-result/ToolResultView.tsx';
import { waitingText } from '../consent/consent-notice.ts';
import { ServerText } from '../../components/ServerText.tsx';
import { CallProgressBar } from '../../components/CallProgressBar.tsx';
import { TaskStatus } from '../../components/TaskStatus.tsx';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { ToolCallApp } from '../apps/ToolCallApp.tsx';
import { ResourceLinkAction } from '../../components/tool-result/resource-link-action.ts';
import { resourceLinkPreview } from '../context/ResourceLinkPreview.tsx';
import { McpIcon } from '../../components/icons/McpIcon.tsx';
import { useToolIcons } from '../../components/icons/use-tool-icons.ts';

const STATUS: Record<ToolCallStatus, { label: string; tone: string }> = {
  'awaiting-approval': { label: 'Waiting for approval', tone: 'pending' },
  running: { label: 'Running', tone: 'pending' },
  done: { label: 'Done', tone: 'ok' },
  error: { label: 'Failed', tone: 'danger' },
  'timed-out': { label: 'Timed out', tone: 'danger' },
  denied: { label: 'Denied', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

/** `inputStreaming`: the model is still writing the call's arguments (a tool with an app, shown early). */
export function ToolCallCard({ call, inputStreaming = false }: { call: ToolCallBlock; inputStreaming?: boolean }) {
  const { collapsed, toggle, request, resume, progress, task } = useAppStore(
    useShallow((state) => ({
      collapsed: state.collapsedToolCalls[call.id] === true,
      toggle: state.toggleToolCall,
      request: state.consentRequests?.find((entry) => entry.context?.toolCallId === call.id),
      resume: state.resumeConsent,
      progress: call.status === 'running' ? state.callProgress[call.id] : undefined,
      task: state.callTasks[call.id],
    })),
  );
  const icons = useToolIcons(call.server || undefined, call.tool);
  const status = inputStreaming ? { label: 'Receiving arguments', tone: 'pending' } : STATUS[call.status];
  const bodyId = `tool-call-${call.id}`;
  return (
    <section className={`tool-call tool-call-${call.status}`} aria-label={`Tool call ${writeOutHidden(call.tool)} on ${writeOutHidden(call.server || 'unknown server')}`} data-status={inputStreaming ? 'input-streaming' : call.status}>
      <header className="tool-call-head">
        <button type="button" className="tool-call-toggle" aria-expanded={!collapsed} aria-controls={bodyId} onClick={() => toggle(call.id)}>
          <span className="chevron" aria-hidden="true" />
          <span className="tool-call-name">
            {call.server && (
              <code className="tool-call-server">
                <McpIcon server={call.server} icons={icons.serverIcons} />
                <ServerText text={call.server} />
              </code>
            )}
            <strong>
              {call.server && <McpIcon server={call.server} icons={icons.toolIcons} />}
              <ServerText text={call.tool} />
            </strong>
            {call.skill && (
              <span className="tool-call-skill">
                {' '}skill <ServerText text={call.skill.name} />
                {call.skill.path !== undefined && <> · <ServerText text={call.skill.path} /></>}
              </span>
            )}
          </span>
        </button>
        <span className={`status status-${status.tone}`}>
          <span className="status-dot" aria-hidden="true" />
          {status.label}
        </span>
        {call.durationMs !== undefined && <span className="muted small">{formatDuration(call.durationMs)}</span>}
      </header>
      {progress && <CallProgressBar progress={progress} />}
      {task && <TaskStatus task={task} />}
      <ToolCallApp call={call} inputStreaming={inputStreaming} />
      {!collapsed && (
        <div className="tool-call-body" id={bodyId}>
          {request && (
            <p className="tool-call-waiting">
              <ServerText text={waitingText(request)} />{' '}
              <button type="button" className="link-button" onClick={() => resume(request.id)}>
                Review the request
              </button>
            </p>
          )}
          <JsonView value={call.arguments} label="Arguments" />
          {call.status === 'denied' && (
            <p className="tool-call-note tool-call-note-danger">
              <strong>Denied.</strong> {call.denialReason ? <>Reason given to the model: <ServerText text={call.denialReason} /></> : 'No reason was given.'}
            </p>
          )}
          {call.error && <p className="tool-call-note tool-call-note-danger"><ServerText text={call.error} /></p>}
          {call.truncatedForModel && (
            <p className="tool-call-truncated">
              <span className="pill pill-warning">Truncated for the model</span> The model got {call.truncatedForModel.sentChars.toLocaleString('en')} of{' '}
              {call.truncatedForModel.originalChars.toLocaleString('en')} characters; the whole result is shown here.
            </p>
          )}
          {call.result && (
            <ResourceLinkAction value={resourceLinkPreview(call.server)}>
              <ToolResultView result={call.result} durationMs={call.durationMs} title={`Result of ${writeOutHidden(call.tool)}`} />
            </ResourceLinkAction>
          )}
        </div>
      )}
    </section>
  );
}
