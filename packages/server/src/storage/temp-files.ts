// Temporary files (uploads being received, local storage's writes before their rename) and
// the sweeper that removes what an interrupted process left behind.
//
// Each name says who writes it: `<prefix>.<host>.<pid>.<uuid>`, where <host> is the host name and,
// on Linux, the PID namespace (`web-4026532201`): two containers sharing a data directory may have
// the same host name (host networking) and both be pid 1, and neither may take the other's files
// for an earlier life of its own. This process keeps the set of
// those it is writing ("live"): the sweeper never touches them, and they are removed when the
// process exits (a SIGTERM whose grace ran out included; only kill -9 and power loss skip
// that). Another file in the folder is
//   - from this host and a process that no longer runs (or an earlier life of this pid, as
//     in a container restarted after kill -9): removed at once;
//   - from another process still running here, another host sharing the data directory, or
//     unnamed: removed once untouched for STALE_AFTER_MS (an upload in progress writes
//     continuously, and a stalled body is cut off long before: TARMAC_BODY_IDLE_TIMEOUT_SECONDS).
// The process-wide set is a module variable on purpose: the exit handler is process-wide too.
import { randomUUID } from 'node:crypto';
import { readlinkSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export const STALE_AFTER_MS = 60 * 60_000;
export const SWEEP_EVERY_MS = 15 * 60_000;

/** The PID namespace's inode (`pid:[4026531836]`), or '' where there is none to read. */
function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '';
  } catch {
    return '';
  }
}

const HOST = [hostname().replace(/[^A-Za-z0-9-]/g, '_') || 'host', pidNamespace()].filter(Boolean).join('-');
const live = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const file of live) rmSync(file, { force: true });
  });
}

/** A fresh path in `dir` for a file this process is about to write; live until released. */
export function tempFilePath(dir: string, prefix: string): string {
  installExitHook();
  const file = path.join(dir, `${prefix}.${HOST}.${process.pid}.${randomUUID()}`);
  live.add(file);
  return file;
}

/** The file was removed or moved into the store: no longer this process's to clean up. */
export function releaseTempFile(file: string): void {
  live.delete(file);
}

/** Whether this process is writing `file` now. */
export function isLiveTempFile(file: string): boolean {
  return live.has(file);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a file not written by this process may go (see the top of this file). */
function abandoned(name: string, mtimeMs: number, now: number): boolean {
  const parts = name.split('.');
  if (parts.length === 4 && parts[1] === HOST && /^\d+$/.test(parts[2]!)) {
    const pid = Number(parts[2]);
    if (pid === process.pid || !processRuns(pid)) return true;
  }
  return now - mtimeMs > STALE_AFTER_MS;
}

/**
 * Removes what interrupted uploads and writes left in `dir`; answers the names removed. `now` is
 * the system's, not the app's injected clock: it is compared with file times the OS writes.
 */
export async function sweepTempDir(dir: string, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    if (live.has(file)) continue;
    try {
      const info = await stat(file);
      if (!info.isFile() || !abandoned(name, info.mtimeMs, now)) continue;
      // Checked again: an upload may have started with this name meanwhile (it cannot: names
      // are fresh uuids; this guards a future caller that reuses one).
      if (live.has(file)) continue;
      await rm(file, { force: true });
      removed.push(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

/**
 * Sweeps `dir` now and every SWEEP_EVERY_MS (a timer that does not keep the process up);
 * answers the function that stops it (and waits for a sweep under way). Failures go to `log`
 * and the next sweep tries again.
 */
export function startTempSweeper(
  dir: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepTempDir(dir)
      .then((removed) => {
        if (removed.length > 0) log.info({ tempDir: dir, files: removed }, `Removed ${removed.length} temporary file(s) left by interrupted uploads`);
      })
      .catch((error: unknown) => log.error({ err: error, tempDir: dir }, 'Could not sweep the temporary folder'))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
