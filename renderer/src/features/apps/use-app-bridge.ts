import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiDisplayMode, McpUiHostCapabilities } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AppResource } from '../../../../shared/api/apps-api.ts';
import type { HostApi } from '../../../../shared/api/host-api.ts';
import { currentTheme, hostContextFor } from './app-host-context.ts';

/** Only what works end to end is declared (MCP Apps 2026-01-26 → Host capabilities). */
const HOST_CAPABILITIES: McpUiHostCapabilities = {
  openLinks: {},
  serverTools: {},
  serverResources: {},
  logging: {},
  message: { text: {} },
  updateModelContext: { text: {}, structuredContent: {} },
};
const HOST_INFO = { name: 'Switchboard', version: '0.1.0' };
const TEARDOWN_WAIT_MS = 1_000;

export interface AppCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  result?: CallToolResult;
  conversationId?: string;
  toolCallId?: string;
  /**
   * False until the person approved the call that shows this app (while the model writes it, and while it waits
   * for approval): the app gets its partial input, and whatever it asks of the host is refused until then.
   */
  approved?: boolean;
  /** Why the call did not run or did not finish (denied, cancelled, timed out): the app hears `tool-cancelled`. */
  cancelled?: string;
}

const NOT_YET = 'The tool call that shows this app has not been approved: the app can act only once it has.';

export interface AppBridgeState {
  height: number | undefined;
  displayMode: McpUiDisplayMode;
  setDisplayMode(mode: McpUiDisplayMode): void;
  /** Closed by the person or at the app's request, after the app heard `ui/resource-teardown`. */
  closed: boolean;
  close(): void;
  /** What the app last told the model (`ui/update-model-context`), shown to the person. */
  modelContext: string | undefined;
}

/**
 * One AppBridge per shown app, on a PostMessageTransport to the outer frame. The frame's address is set only
 * once the bridge listens, so the relay's "ready" is never missed. Everything the app asks goes to the host
 * through HostApi, which decides (approval, link consent); nothing is decided here.
 */
export function useAppBridge(
  api: HostApi,
  frame: RefObject<HTMLIFrameElement | null>,
  resource: AppResource | undefined,
  call: AppCall,
  onToolCalled: (call: AppCall) => void = () => {},
): AppBridgeState {
  const [height, setHeight] = useState<number | undefined>(undefined);
  const [displayMode, setDisplayMode] = useState<McpUiDisplayMode>('inline');
  const [closed, setClosed] = useState(false);
  const [modelContext, setModelContext] = useState<string | undefined>(undefined);
  const [initialized, setInitialized] = useState(false);
  const bridgeRef = useRef<AppBridge | undefined>(undefined);
  // MCP Apps → Teardown: the app hears `ui/resource-teardown` and is waited for (up to a second) before its
  // frame goes. A card that unmounts with its view cannot wait: the app is told, best effort.
  const closeRef = useRef(() => {
    const bridge = bridgeRef.current;
    if (!bridge) return setClosed(true);
    void bridge
      .teardownResource({}, { timeout: TEARDOWN_WAIT_MS })
      .catch(() => {})
      .finally(() => setClosed(true));
  });
  const callRef = useRef(call);
  callRef.current = call;
  const calledRef = useRef(onToolCalled);
  calledRef.current = onToolCalled;
  const sentResult = useRef<string | undefined>(undefined);
  const sentInput = useRef(false);
  const sentPartial = useRef<string | undefined>(undefined);
  const sentCancel = useRef(false);

  useEffect(() => {
    const element = frame.current;
    const target = element?.contentWindow;
    if (!element || !target || !resource) return;
    const { server, tool, conversationId, toolCallId } = callRef.current;
    const app = { tool, ...(conversationId ? { conversationId } : {}), ...(toolCallId ? { toolCallId } : {}) };
    const bridge = new AppBridge(null, HOST_INFO, HOST_CAPABILITIES, {
      hostContext: hostContextFor({ displayMode: 'inline', width: element.clientWidth || 640 }),
    });
    bridgeRef.current = bridge;
    bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: resource.html });
    bridge.oninitialized = () => setInitialized(true);
    // Every request that reaches the host or a server waits for the person's approval of the app's own call.
    const approved = () => {
      if (callRef.current.approved === false) throw new Error(NOT_YET);
    };
    bridge.oncalltool = async (params) => {
      approved();
      const args = (params.arguments ?? {}) as Record<string, unknown>;
      const result = await api.call('apps.callTool', { server, tool: params.name, arguments: args, app });
      calledRef.current({ server, tool: params.name, arguments: args, result, ...(conversationId ? { conversationId } : {}) });
      return result;
    };
    bridge.onreadresource = async ({ uri }) => {
      approved();
      return api.call('resources.read', { server, uri });
    };
    bridge.onmessage = async ({ content }) => {
      approved();
      const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n').trim();
      if (!text) return { isError: true };
      const sent = await api.call('apps.message', { server, app, text });
      return sent.sent ? {} : { isError: true };
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      approved();
      const parts = (content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
      if (structuredContent !== undefined) parts.push(JSON.stringify(structuredContent));
      const text = parts.join('\n').slice(0, 20_000);
      const { accepted, reason } = await api.call('apps.updateContext', { server, app, text });
      if (!accepted) throw new Error(reason ?? 'not accepted');
      setModelContext(text || undefined);
      return {};
    };
    bridge.onopenlink = async ({ url }) => {
      approved();
      const { outcome } = await api.call('links.open', { url, source: `the app of ${tool}` });
      return outcome === 'opened' || outcome === 'open-in-window' ? {} : { isError: true };
    };
    bridge.onsizechange = ({ height: next }) => {
      if (typeof next === 'number' && Number.isFinite(next)) setHeight(Math.min(Math.max(Math.ceil(next), 40), 4_000));
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const granted = mode === 'fullscreen' ? 'fullscreen' : 'inline';
      setDisplayMode(granted);
      return { mode: granted };
    };
    bridge.onloggingmessage = ({ level, data }) => {
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      void api.call('apps.log', { server, app, level, text: (text ?? '').slice(0, 10_000) }).catch(() => {});
    };
    bridge.onrequestteardown = () => closeRef.current();
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => void bridge.sendHostContextChange({ theme: currentTheme() });
    scheme.addEventListener('change', onScheme);
    void bridge.connect(new PostMessageTransport(target, target)).then(() => {
      element.src = resource.sandboxUrl;
    });
    return () => {
      scheme.removeEventListener('change', onScheme);
      bridgeRef.current = undefined;
      setInitialized(false);
      sentResult.current = undefined;
      sentInput.current = false;
      sentPartial.current = undefined;
      sentCancel.current = false;
      void bridge
        .teardownResource({}, { timeout: TEARDOWN_WAIT_MS })
        .catch(() => {})
        .finally(() => void bridge.close());
    };
  }, [api, frame, resource]);

  // MCP Apps 2026-01-26 → Lifecycle: partial input while the model writes the call (and while it waits for
  // approval, the person may still edit it), the input it runs with once approved, then its result or its cancellation.
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!initialized || !bridge || sentCancel.current) return;
    if (call.cancelled !== undefined) {
      sentCancel.current = true;
      void bridge.sendToolCancelled({ reason: call.cancelled });
      return;
    }
    if (call.approved === false) {
      const json = JSON.stringify(call.arguments);
      if (sentPartial.current !== json) {
        sentPartial.current = json;
        void bridge.sendToolInputPartial({ arguments: call.arguments });
      }
      return;
    }
    if (!sentInput.current) {
      sentInput.current = true;
      void bridge.sendToolInput({ arguments: call.arguments });
    }
    // Each `chat.message` brings a fresh copy of the same result: the app hears it once.
    const result = call.result && JSON.stringify(call.result);
    if (call.result && result !== sentResult.current) {
      sentResult.current = result;
      void bridge.sendToolResult(call.result);
    }
  }, [initialized, call.arguments, call.approved, call.cancelled, call.result]);

  // What the app told the model is saved with the conversation: shown again when the conversation is reopened.
  useEffect(() => {
    const { server, tool, conversationId } = callRef.current;
    if (!conversationId) return;
    let live = true;
    api.call('apps.context', { server, app: { tool, conversationId } }).then(
      ({ text }) => live && text !== undefined && setModelContext((shown) => shown ?? text),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    if (initialized) void bridgeRef.current?.sendHostContextChange({ displayMode });
  }, [initialized, displayMode]);

  return { height, displayMode, setDisplayMode, closed, close: () => closeRef.current(), modelContext };
}
