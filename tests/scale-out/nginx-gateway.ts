/**
 * Runs Debian's nginx as a round-robin gateway on loopback, in the foreground, with its own prefix and config
 * in a temp dir, so the test needs no root and leaves nothing behind. The access log records the upstream that
 * answered and the `Mcp-Method` / `Mcp-Name` headers gateways route by (2026-07-28 basic/transports).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** nginx on the PATH, or where Debian puts it (/usr/sbin is often missing from a non-root PATH). */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

export interface AccessLine {
  upstream: string;
  status: string;
  method: string;
  name: string;
}

export interface NginxGateway {
  url: string;
  /** The access log so far, one entry per finished request. */
  accessLog(): AccessLine[];
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startNginxGateway(binary: string, upstreams: string[]): Promise<NginxGateway> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'sb-nginx-'));
  // Run as root, nginx's workers drop to nobody and must still reach the prefix.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const accessLog = path.join(prefix, 'logs', 'access.log');
  const servers = upstreams.map((upstream) => `    server ${new URL(upstream).host};`).join('\n');
  const config = `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  log_format mcp '$upstream_addr\\t$status\\t$http_mcp_method\\t$http_mcp_name';
  access_log ${accessLog} mcp;
  upstream mcp_instances {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location /mcp {
      proxy_pass http://mcp_instances;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # Responses may be SSE streams (subscriptions/listen): pass each event on as it comes.
      proxy_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout;
    }
  }
}
`;
  const configPath = path.join(prefix, 'nginx.conf');
  writeFileSync(configPath, config);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', configPath, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    // SIGTERM is nginx's fast shutdown: it does not wait for streams still open.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/mcp`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`nginx exited (${child.exitCode}): ${stderr.join('')}`);
    }
    const answered = await fetch(url, { method: 'GET' }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`nginx did not listen on ${port}: ${stderr.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    accessLog: () =>
      readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [upstream, status, method, name] = line.split('\t');
          return { upstream, status, method, name };
        }),
    close,
  };
}
