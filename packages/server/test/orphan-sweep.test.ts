// The orphan sweep (storage.orphan-sweep) on the local disk and on S3: objects under releases/,
// icons/ and debug-files/ that no row references and that are older than the grace are removed;
// a referenced release's package and icon, a fresh object (an upload in flight) and anything
// under another prefix stay. A dry run only counts. Also: Storage.list on both stores.
import { afterAll, describe, expect, it } from 'vitest';
import { sweepOrphans } from '../src/storage/sweep-jobs.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { newBucket } from './helpers/s3.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const GRACE_MS = 2500;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function serverOn(kind: 'local' | 's3'): Promise<TestServer> {
  const env = kind === 's3' ? (await newBucket()).env() : {};
  const server = await startServer(env);
  servers.push(server);
  return server;
}

async function listed(server: TestServer, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.services.storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

describe.each(['local', 's3'] as const)('the orphan sweep on %s', (kind) => {
  it('removes exactly the old unreferenced objects, and a dry run only counts them', async () => {
    const server = await serverOn(kind);
    const { storage } = server.services;
    const channel = await newApp(server);
    const kept = await storedRelease(server, channel.channelId, 1);
    const orphans = ['releases/orphan-1/app.apk', 'icons/orphan-2.png', 'debug-files/orphan-3/symbols.zip'];
    for (const key of orphans) await storage.putBuffer(key, Buffer.from(`bytes of ${key}`));
    await storage.putBuffer('backups/not-mine.tar', Buffer.from('another prefix'));
    await sleep(GRACE_MS + 1200);
    await storage.putBuffer('releases/in-flight/app.apk', Buffer.from('an upload whose row is not written yet'));

    expect(await listed(server, 'releases/')).toEqual([kept.fileKey, kept.iconKey, 'releases/in-flight/app.apk', orphans[0]].sort());
    expect(await listed(server, 'icons/')).toEqual([orphans[1]]);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const deps = { database: server.database, storage, clock: server.services.clock, log };

    const counted = await sweepOrphans(deps, { dryRun: true, graceMs: GRACE_MS });
    expect(counted).toEqual({ dry_run: true, scanned: 6, recent: 1, orphans: 3, deleted: 0, deleted_bytes: 0 });
    for (const key of orphans) expect(await storage.stat(key), key).not.toBeNull();

    const swept = await sweepOrphans(deps, { dryRun: false, graceMs: GRACE_MS });
    expect(swept).toMatchObject({ dry_run: false, scanned: 6, recent: 1, orphans: 3, deleted: 3 });
    expect(swept.deleted_bytes).toBe(orphans.reduce((sum, key) => sum + `bytes of ${key}`.length, 0));
    for (const key of orphans) expect(await storage.stat(key), key).toBeNull();
    for (const key of [kept.fileKey, kept.iconKey, 'releases/in-flight/app.apk', 'backups/not-mine.tar']) {
      expect(await storage.stat(key), key).not.toBeNull();
    }
    expect(await listed(server, 'debug-files/')).toEqual([]);
  });
});
