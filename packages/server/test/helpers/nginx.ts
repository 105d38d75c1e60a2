// A real nginx (Debian's package, .ci/apt-packages) in front of test servers: started as a child
// with its own prefix, configuration, logs and pid file in a temporary directory, on a free port,
// and stopped by its pid. The configuration is the one docs/scaling.md recommends for several
// instances: round robin, no sticky sessions, request and response bodies streamed (no size limit
// of nginx's own: Tarmac enforces TARMAC_MAX_UPLOAD_BYTES), and a failed upstream retried on the
// other instance only for idempotent requests (proxy_next_upstream without non_idempotent).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import path from 'node:path';

export const NGINX_BIN = process.env.NGINX_BIN ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface RunningNginx {
  port: number;
  url: string;
  /** The error log so far (for failure messages). */
  errors(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The balancer's configuration: round robin over `upstreams` (ports on 127.0.0.1). */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const servers = upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=30s;`).join('\n');
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream tarmac {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    # Uploads: no limit of nginx's own, streamed to Tarmac as they arrive; answers streamed back.
    client_max_body_size 0;
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_http_version 1.1;
    proxy_read_timeout 300s;
    proxy_send_timeout 300s;
    # An instance that refuses or drops the connection before answering: the request goes to the
    # other one, for GET, HEAD and the like only (an upload is never sent twice).
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    location / {
      proxy_pass http://tarmac;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
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

/** Starts nginx on `port` (freePort()) in `dir`, balancing over `upstreams`; resolves once it accepts connections. */
export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<RunningNginx> {
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const errorLog = path.join(dir, 'error.log');
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', dir, '-c', conf, '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let failed = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // No nginx binary: say so (.ci/apt-packages lists it) instead of an unhandled 'error' event.
    child.once('error', (error) => {
      failed = true;
      stderr += `could not run ${NGINX_BIN} (install Debian's nginx: bash .ci/tools.sh): ${error.message}\n`;
      resolve();
    });
  });
  const errors = () => stderr + (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (failed || child.exitCode !== null || Date.now() > deadline) {
      if (child.exitCode === null) child.kill('SIGKILL');
      throw new Error(`nginx did not start on port ${port}:\n${errors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    errors,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  };
}
