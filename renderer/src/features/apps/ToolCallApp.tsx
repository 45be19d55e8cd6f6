import { lazy, Suspense, useRef } from 'react';
import type { ToolCallBlock } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';

// The MCP Apps bridge (and the SDK under it) loads only when a tool card might hold an app.
const AppView = lazy(() => import('./AppView.tsx').then((module) => ({ default: module.AppView })));

const LIVE = new Set<ToolCallBlock['status']>(['awaiting-approval', 'running', 'done']);
const CANCELLED = new Set<ToolCallBlock['status']>(['denied', 'cancelled', 'timed-out']);

/**
 * The chat tool card's mount point: the call's app, from the moment the model names the tool (MCP Apps 2026-01-26
 * → Lifecycle: the view renders alongside the call, partial input streamed to it), its input and result as they
 * come. An app shown for a call that then did not run stays, told so; a saved call that never ran shows none.
 */
export function ToolCallApp({ call, inputStreaming = false }: { call: ToolCallBlock; inputStreaming?: boolean }) {
  const conversationId = useAppStore((state) => state.openConversation?.id);
  const shown = useRef(false);
  const ran = call.startedAt !== undefined || call.status === 'running' || call.status === 'done';
  // A call that failed before it ran (unknown tool, arguments not JSON) never reached its server either.
  const cancelled = CANCELLED.has(call.status) || (call.status === 'error' && !ran);
  const show = call.server !== '' && (inputStreaming || LIVE.has(call.status) || (call.status === 'error' && ran) || (cancelled && shown.current));
  if (!show) return null;
  shown.current = true;
  return (
    <Suspense fallback={null}>
      <AppView
        call={{
          server: call.server,
          tool: call.tool,
          arguments: call.arguments,
          result: call.result,
          conversationId,
          toolCallId: call.id,
          approved: !inputStreaming && ran,
          ...(cancelled ? { cancelled: call.denialReason ?? call.error ?? `the call was ${call.status === 'error' ? 'refused' : call.status}` } : {}),
        }}
        show
      />
    </Suspense>
  );
}
