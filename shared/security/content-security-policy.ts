/**
 * The page's Content-Security-Policy, the same in Electron and in browser mode. Server-provided images, audio
 * and icons (fetched and checked by the host, `servers/icons`) arrive as data: URLs; nothing else is loaded from
 * outside the app, and only the MCP Apps sandbox origin (`frameSrc`) may be framed.
 */
export function contentSecurityPolicy(options: { connectSrc: string[]; frameSrc?: string[] }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    ["connect-src 'self'", ...options.connectSrc].join(' '),
    "font-src 'self'",
    // MCP Apps run in frames of their own sandbox origin, never this one.
    ...(options.frameSrc?.length ? [`frame-src ${options.frameSrc.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
