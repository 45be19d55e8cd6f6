import { buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { McpUiResourcePermissions } from '@modelcontextprotocol/ext-apps/app-bridge';
import { appContentSecurityPolicy, INNER_FRAME_SANDBOX } from '../../../shared/apps/app-sandbox-policy.ts';
import type { DeclaredCsp } from '../../../shared/apps/app-sandbox-policy.ts';

export const SANDBOX_PAGE_PATH = '/sandbox';
const SCRIPT_PATH = '/sandbox.js';

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the outer frame's address carries: the resource's declarations, as the host read them. */
export function sandboxQuery(csp: DeclaredCsp | undefined, permissions: McpUiResourcePermissions | undefined): string {
  const params = new URLSearchParams();
  if (csp) params.set('csp', JSON.stringify(csp));
  if (permissions) params.set('permissions', JSON.stringify(permissions));
  return params.toString();
}

function parsedJson(text: string | null): unknown {
  if (text === null || text.length > 16_384) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const KNOWN_PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

function declaredPermissions(value: unknown): McpUiResourcePermissions {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(KNOWN_PERMISSIONS.filter((name) => Object.hasOwn(value, name)).map((name) => [name, {}]));
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The relay on the sandbox origin (MCP Apps 2026-01-26 → Sandbox proxy). It tells its parent it is ready,
 * builds the inner frame from `ui/notifications/sandbox-resource-ready` (the sandbox attribute and policy are
 * its own, whatever the message says), and passes every other message between the two frames unchanged. It
 * talks only to the window that framed it, checked by origin, and to its own inner frame.
 */
const PROXY_SCRIPT = `(() => {
  const host = location.ancestorOrigins && location.ancestorOrigins.length > 0 ? location.ancestorOrigins[0] : null;
  if (!host || window.parent === window) return;
  const meta = (name) => document.querySelector('meta[name="' + name + '"]').getAttribute('content');
  const policy = meta('app-policy');
  let inner = null;
  const withPolicy = (html) => {
    const tag = '<meta http-equiv="Content-Security-Policy" content="' + policy.replace(/"/g, '&quot;') + '">';
    const head = /<head[^>]*>/i.exec(html);
    return head ? html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length) : tag + html;
  };
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.origin === host) {
      const data = event.data;
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
        if (inner) return;
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', meta('app-sandbox'));
        const allow = meta('app-allow');
        if (allow) inner.setAttribute('allow', allow);
        inner.setAttribute('title', 'MCP App');
        inner.srcdoc = withPolicy(String((data.params && data.params.html) || ''));
        document.body.appendChild(inner);
      } else if (inner && inner.contentWindow) {
        inner.contentWindow.postMessage(data, '*');
      }
    } else if (inner && event.source === inner.contentWindow) {
      window.parent.postMessage(event.data, host);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, host);
})();
`;

/**
 * The sandbox origin's answers, the same behind browser mode's second loopback port and Electron's protocol:
 * the relay page with a policy built from the declared domains only, framable only by Switchboard's page.
 */
export function sandboxResponse(pathname: string, query: string, hostOrigin: string): SandboxResponse {
  const common = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
  if (pathname === SCRIPT_PATH) {
    return { status: 200, headers: { ...common, 'Content-Type': 'text/javascript; charset=utf-8' }, body: PROXY_SCRIPT };
  }
  if (pathname !== SANDBOX_PAGE_PATH) return { status: 404, headers: { ...common, 'Content-Type': 'text/plain' }, body: 'not found' };
  const params = new URLSearchParams(query);
  const declared = parsedJson(params.get('csp'));
  const csp = typeof declared === 'object' && declared !== null ? (declared as DeclaredCsp) : undefined;
  const allow = buildAllowAttribute(declaredPermissions(parsedJson(params.get('permissions'))));
  const body = `<!doctype html>
<html><head><meta charset="utf-8">
<meta name="app-policy" content="${escapeAttribute(appContentSecurityPolicy(csp))}">
<meta name="app-sandbox" content="${INNER_FRAME_SANDBOX}">
<meta name="app-allow" content="${escapeAttribute(allow)}">
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
<script src="${SCRIPT_PATH}"></script>
</head><body></body></html>
`;
  return {
    status: 200,
    headers: {
      ...common,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': appContentSecurityPolicy(csp, { proxyScript: true, frameAncestors: hostOrigin }),
    },
    body,
  };
}
