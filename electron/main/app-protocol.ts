import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { contentSecurityPolicy } from '../../shared/security/content-security-policy.ts';
import { APP_HOST, APP_SCHEME, rendererFileFor } from './trusted-sender.ts';
import { SANDBOX_ORIGIN, SANDBOX_SCHEME, sandboxProtocolAnswer, sandboxSchemePrivileges } from './app-sandbox-config.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** Must run before `app` is ready. A standard, secure scheme gives the page a real origin without file://. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    sandboxSchemePrivileges,
  ]);
}

/** Serves the built renderer at app://switchboard/ with the CSP on every response. */
export function serveRenderer(rendererDir: string): void {
  const csp = contentSecurityPolicy({ connectSrc: [], frameSrc: [SANDBOX_ORIGIN] });
  protocol.handle(APP_SCHEME, async (request) => {
    const file = rendererFileFor(request.url, rendererDir, path.join);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
      return new Response(body, {
        headers: { 'content-type': type, 'content-security-policy': csp, 'x-content-type-options': 'nosniff' },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The MCP Apps sandbox origin (`switchboard-app://sandbox`): the relay page and its script, nothing else. */
export function serveAppSandbox(devServerUrl: string | undefined): void {
  const devOrigin = devServerUrl ? new URL(devServerUrl).origin : undefined;
  protocol.handle(SANDBOX_SCHEME, (request) => {
    const answer = sandboxProtocolAnswer(request.url, devOrigin);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}
