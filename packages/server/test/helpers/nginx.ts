// A real nginx (Debian's package, .ci/apt-packages) for the tests and benchmarks that put Tarmac
// behind a reverse proxy: started as a child with its own prefix, configuration, pid file, logs
// and temp paths in a temporary directory, on a free port, and stopped by its PID. Two set-ups:
// the download hand-off of docs/downloads-accel.md (documentedAccelLocation) and the balancer
// docs/scaling.md recommends for several instances (startBalancer).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ACCEL_DOC = path.resolve(import.meta.dirname, '../../../../docs/downloads-accel.md');

/**
 * The internal location docs/downloads-accel.md tells self-hosters to add for
 * TARMAC_DOWNLOAD_ACCEL=nginx, as written there, serving `storageDir` instead of the example's
 * directory: the tests and the benchmark run the documented configuration, not a copy of it.
 */
export function documentedAccelLocation(storageDir: string): string {
  const doc = readFileSync(ACCEL_DOC, 'utf8');
  const block = /^ {4}location \/_tarmac_files\/ \{\n[\s\S]*?^ {4}\}$/m.exec(doc)?.[0];
  if (!block) throw new Error(`${ACCEL_DOC} has no "location /_tarmac_files/ { … }" block`);
  const example = '/var/lib/tarmac/storage/';
  if (!block.includes(`alias ${example};`)) throw new Error(`the documented location does not serve ${example}`);
  return block.replace(example, `${storageDir}/`);
}

export interface RunningNginx {
  port: number;
  url: string;
  child: ChildProcess;
  /** The error log so far (what nginx said about a request it refused or could not serve). */
  errors(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx with one `server` on 127.0.0.1:<port> (a free one unless given) whose body is
 * `server(prefix)` (the temporary prefix directory is given for paths the body needs), after
 * `options.http` at the http level (e.g. an upstream). One worker process, sendfile on, no
 * access log.
 */
export async function startNginx(
  server: (prefix: string) => string,
  options: { port?: number; http?: string } = {},
): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'tarmac-nginx-'));
  for (const temp of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, temp));
  const port = options.port ?? (await freePort());
  const errorLog = path.join(prefix, 'error.log');
  const conf = `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${errorLog} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${prefix}/client;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${options.http ?? ''}
  server {
    listen 127.0.0.1:${port};
    ${server(prefix)}
  }
}
`;
  writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const spawned = await new Promise<Error | null>((resolve) => {
    child.once('spawn', () => resolve(null));
    child.once('error', resolve);
  });
  if (spawned) throw new Error(`nginx could not run (${spawned.message}); .ci/apt-packages lists it`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLog = () => {
    try {
      return readFileSync(errorLog, 'utf8');
    } catch {
      return '';
    }
  };
  for (let attempt = 0; !(await accepts(port)); attempt++) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${stderr}\n${readLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    errors: readLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * The balancer of docs/scaling.md on `port` (freePort(), chosen before the instances start so
 * that TARMAC_URL can name it): round robin over `upstreams` (ports on 127.0.0.1), no sticky
 * sessions, request and response bodies streamed (no size limit of nginx's own: Tarmac enforces
 * TARMAC_MAX_UPLOAD_BYTES), and a failed upstream retried on the other instance only for
 * idempotent requests (proxy_next_upstream without non_idempotent). Answers say which instance
 * served them in X-Upstream.
 */
export function startBalancer(port: number, upstreams: number[]): Promise<RunningNginx> {
  const servers = upstreams.map((upstream) => `server 127.0.0.1:${upstream} max_fails=1 fail_timeout=30s;`).join(' ');
  return startNginx(
    () => `
    client_max_body_size 0;
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_http_version 1.1;
    proxy_read_timeout 300s;
    proxy_send_timeout 300s;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    location / {
      proxy_pass http://tarmac;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }`,
    { port, http: `upstream tarmac { ${servers} }` },
  );
}
