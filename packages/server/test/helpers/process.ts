// Running the real `tarmac` processes (npm start's entry and the CLI) as a user would.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '../..');
export const mainScript = path.join(serverDir, 'src/main.ts');
export const cliScript = path.join(serverDir, 'bin/tarmac.js');

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  port: number;
  url: string;
  /** stdout so far, one JSON log line each. */
  lines(): string[];
  stderr(): string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** Starts `node src/main.ts` and resolves once it logs that it is ready. */
export function startProcess(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, [mainScript], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${out}\n${err}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; port?: number })
        .find((entry) => entry.msg.startsWith('Tarmac ') && entry.port);
      if (ready) {
        clearTimeout(timer);
        resolve({
          child,
          port: ready.port!,
          url: `http://127.0.0.1:${ready.port}`,
          lines: () => out.split('\n').filter(Boolean),
          stderr: () => err,
          exited,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${out}\n${err}`));
    });
  });
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): CliResult {
  const result = spawnSync(process.execPath, [cliScript, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
