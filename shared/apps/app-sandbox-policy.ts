/**
 * The rules for the frame an MCP App runs in (MCP Apps 2026-01-26 → Security: sandbox and CSP), pure so the
 * host (browser mode, Electron's protocol) and the tests build the same policy.
 */

/** The extension's key in client capabilities, and the one resource type it renders. */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * The inner frame's sandbox: scripts run, but never with an origin of their own (no `allow-same-origin`), so
 * no storage, cookies or DOM of any other frame; no popups, no top navigation, no downloads.
 */
export const INNER_FRAME_SANDBOX = 'allow-scripts allow-forms';

/** What a resource may declare (`_meta.ui.csp`); anything else is ignored. */
export interface DeclaredCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

// A scheme, a host (optionally `*.` in front), an optional port: nothing that could end a directive or add a keyword.
const SOURCE = /^(https|wss|http|ws):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const LOOPBACK_HOST = /^(https?|wss?):\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:|$)/i;

/**
 * The declared origins that can go into a policy: well-formed `scheme://host[:port]`, encrypted unless on
 * loopback (MCP Apps allows `http://localhost` for development). Paths, keywords and stray characters are dropped.
 */
export function safeSources(declared: unknown): string[] {
  if (!Array.isArray(declared)) return [];
  const sources = declared.filter((entry): entry is string => typeof entry === 'string' && entry.length <= 253 && SOURCE.test(entry));
  return [...new Set(sources.filter((entry) => /^(https|wss):/i.test(entry) || LOOPBACK_HOST.test(entry)))].slice(0, 64);
}

function list(sources: string[], fallback: string): string {
  return sources.length > 0 ? sources.join(' ') : fallback;
}

/**
 * The app's Content-Security-Policy, from its declared domains and nothing else. `proxyScript` adds `'self'`
 * to `script-src` for the sandbox origin's own relay script (only the outer page's header has it); the origin
 * serves nothing else.
 */
export function appContentSecurityPolicy(declared: DeclaredCsp | undefined, options: { proxyScript?: boolean; frameAncestors?: string } = {}): string {
  const resources = safeSources(declared?.resourceDomains);
  const connect = safeSources(declared?.connectDomains);
  const frames = safeSources(declared?.frameDomains);
  const bases = safeSources(declared?.baseUriDomains);
  const scripts = [...(options.proxyScript ? ["'self'"] : []), "'unsafe-inline'", ...resources].join(' ');
  return [
    "default-src 'none'",
    `script-src ${scripts}`,
    `style-src 'unsafe-inline' ${resources.join(' ')}`.trim(),
    `img-src data: blob: ${resources.join(' ')}`.trim(),
    `font-src data: ${resources.join(' ')}`.trim(),
    `media-src data: blob: ${resources.join(' ')}`.trim(),
    `connect-src ${list(connect, "'none'")}`,
    `frame-src ${list(frames, "'none'")}`,
    `base-uri ${list(bases, "'none'")}`,
    "form-action 'none'",
    "object-src 'none'",
    ...(options.frameAncestors ? [`frame-ancestors ${options.frameAncestors}`] : []),
  ].join('; ');
}
