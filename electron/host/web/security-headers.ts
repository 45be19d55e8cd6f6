import type { ServerResponse } from 'node:http';
import { contentSecurityPolicy } from '../../../shared/security/content-security-policy.ts';

export function securityHeaders(port: number, frameSrc: string[] = []): Record<string, string> {
  return {
    // The same policy as the desktop app's, plus the WebSocket this server answers on.
    'Content-Security-Policy': contentSecurityPolicy({ connectSrc: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`], frameSrc }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

export function applySecurityHeaders(response: ServerResponse, port: number, frameSrc: string[] = []): void {
  for (const [name, value] of Object.entries(securityHeaders(port, frameSrc))) response.setHeader(name, value);
}
