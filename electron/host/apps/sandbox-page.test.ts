import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { appContentSecurityPolicy, safeSources } from '../../../shared/apps/app-sandbox-policy.ts';
import { sandboxQuery, sandboxResponse } from './sandbox-page.ts';
import { startSandboxServer } from './sandbox-server.ts';

function directive(policy: string, name: string): string | undefined {
  return policy.split('; ').find((entry) => entry.startsWith(`${name} `));
}

test('the app policy holds the declared origins and nothing else; a resource that declares nothing gets no network', () => {
  const none = appContentSecurityPolicy(undefined);
  assert.equal(directive(none, 'connect-src'), "connect-src 'none'");
  assert.equal(directive(none, 'frame-src'), "frame-src 'none'");
  assert.equal(directive(none, 'script-src'), "script-src 'unsafe-inline'");
  assert.equal(directive(none, 'default-src'), "default-src 'none'");

  const policy = appContentSecurityPolicy({
    connectDomains: ['https://api.example.com', 'wss://live.example.com', "https://x.example.com; script-src *", "'unsafe-eval'", 'http://evil.example.com'],
    resourceDomains: ['https://*.cdn.example.com', 'javascript:alert(1)', '*', 'http://localhost:5173'],
  });
  assert.equal(directive(policy, 'connect-src'), 'connect-src https://api.example.com wss://live.example.com');
  assert.equal(directive(policy, 'script-src'), "script-src 'unsafe-inline' https://*.cdn.example.com http://localhost:5173");
  assert.ok(!policy.includes('evil'), 'plain http to another machine is never allowed');
  assert.ok(!policy.includes('unsafe-eval'));
  assert.deepEqual(safeSources('https://a.example.com'), [], 'a string is not a list');
});

test('the relay page: policy header from the declarations, framed only by the host, the inner frame never same-origin', () => {
  const query = sandboxQuery({ connectDomains: ['https://api.example.com'] }, { microphone: {}, usb: {} } as never);
  const answer = sandboxResponse('/sandbox', query, 'http://127.0.0.1:4000');
  assert.equal(answer.status, 200);
  const header = answer.headers['Content-Security-Policy'];
  assert.equal(directive(header, 'frame-ancestors'), 'frame-ancestors http://127.0.0.1:4000');
  assert.equal(directive(header, 'connect-src'), 'connect-src https://api.example.com');
  assert.equal(directive(header, 'script-src'), "script-src 'self' 'unsafe-inline'");
  assert.match(answer.body, /<meta name="app-sandbox" content="allow-scripts allow-forms">/);
  assert.doesNotMatch(answer.body, /allow-same-origin|allow-popups|allow-top-navigation/);
  assert.match(answer.body, /<meta name="app-allow" content="microphone">/, 'only permissions that exist, as declared');
  // The policy injected into the app itself has no 'self': the app's frame has no origin to trust.
  const inner = /<meta name="app-policy" content="([^"]*)">/.exec(answer.body)?.[1] ?? '';
  assert.equal(directive(inner, 'script-src'), "script-src 'unsafe-inline'");
  assert.equal(sandboxResponse('/index.html', '', 'http://127.0.0.1:4000').status, 404);
});

test('the sandbox port answers only its own Host name', async (t) => {
  const server = await startSandboxServer(['http://127.0.0.1:4000']);
  t.after(() => server.close());
  const get = (host: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.origin}/sandbox`);
      http.get({ host: url.hostname, port: url.port, path: '/sandbox', headers: { host } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on('error', reject);
    });
  assert.equal(await get(new URL(server.origin).host), 200);
  assert.equal(await get('evil.example'), 403);
});
