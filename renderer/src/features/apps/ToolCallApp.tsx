import { lazy, Suspense } from 'react';
import type { ToolCallBlock } from '../../../../shared/chat/chat-types.ts';
import { useAppStore } from '../../app/host-context.tsx';

// The MCP Apps bridge (and the SDK under it) loads only when a tool card might hold an app.
const AppView = lazy(() => import('./AppView.tsx').then((module) => ({ default: module.AppView })));

/** The chat tool card's mount point: the call's app, once the call runs (input first, its result when it comes). */
export function ToolCallApp({ call }: { call: ToolCallBlock }) {
  const conversationId = useAppStore((state) => state.openConversation?.id);
  const show = (call.status === 'running' || call.status === 'done' || call.status === 'error') && call.server !== '';
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <AppView
        call={{ server: call.server, tool: call.tool, arguments: call.arguments, result: call.result, conversationId, toolCallId: call.id }}
        show
      />
    </Suspense>
  );
}
