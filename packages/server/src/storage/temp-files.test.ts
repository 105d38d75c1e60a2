// The temp-folder sweeper: what this process is writing is never touched; what a process that
// no longer runs on this host left goes at once; files of other live processes or hosts (a
// shared data directory, another container with the same host name) go only once untouched for
// STALE_AFTER_MS.
import { mkdtempSync, readdirSync, readlinkSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_AFTER_MS, releaseTempFile, sweepTempDir, tempFilePath } from './temp-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-temp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HOST_NAME = hostname().replace(/[^A-Za-z0-9-]/g, '_');
const PID_NAMESPACE = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))![1]!;
const HOST = `${HOST_NAME}-${PID_NAMESPACE}`;

function file(name: string, ageMs = 0): string {
  const target = path.join(dir, name);
  writeFileSync(target, 'x');
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(target, when, when);
  return name;
}

describe('sweepTempDir', () => {
  it('keeps live files, removes dead processes\' at once and others\' once stale', async () => {
    const live = tempFilePath(dir, 'upload');
    writeFileSync(live, 'being written');
    // An old live file too: an upload in progress is never swept, whatever its age.
    const when = (Date.now() - 2 * STALE_AFTER_MS) / 1000;
    utimesSync(live, when, when);
    const mineReleased = tempFilePath(dir, 'upload');
    writeFileSync(mineReleased, 'left by a bug');
    releaseTempFile(mineReleased);
    const dead = file(`upload.${HOST}.999999999.0f8e1e7a-5d84-4a4f-9f1a-1c1c1c1c1c1c`);
    const otherLive = file(`upload.${HOST}.1.0f8e1e7a-5d84-4a4f-9f1a-2c2c2c2c2c2c`); // pid 1 runs
    const otherHostFresh = file('upload.another-host.42.0f8e1e7a-5d84-4a4f-9f1a-3c3c3c3c3c3c');
    const otherHostStale = file('upload.another-host.42.0f8e1e7a-5d84-4a4f-9f1a-4c4c4c4c4c4c', STALE_AFTER_MS + 60_000);
    const unnamedStale = file('upload-from-an-older-version', STALE_AFTER_MS + 60_000);
    // Another container with this host name (host networking) and its own PID namespace, where it
    // may well be this very pid: not this process's earlier life, so only once stale.
    const sameNameOtherContainer = file(`upload.${HOST_NAME}-1.${process.pid}.0f8e1e7a-5d84-4a4f-9f1a-5c5c5c5c5c5c`);
    const sameNameBareHost = file(`upload.${HOST_NAME}.999999999.0f8e1e7a-5d84-4a4f-9f1a-6c6c6c6c6c6c`);

    const removed = await sweepTempDir(dir);
    expect(removed.sort()).toEqual([path.basename(mineReleased), dead, otherHostStale, unnamedStale].sort());
    const kept = [path.basename(live), otherLive, otherHostFresh, sameNameOtherContainer, sameNameBareHost];
    expect(readdirSync(dir).sort()).toEqual(kept.sort());
    releaseTempFile(live);
  });

  it('answers [] for a folder that does not exist yet', async () => {
    expect(await sweepTempDir(path.join(dir, 'missing'))).toEqual([]);
  });
});
