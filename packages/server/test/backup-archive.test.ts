// The backup archive: what writeBackup writes verifies, and every kind of damage (a truncated
// file, a flipped byte in a file entry or in the manifest, a tar that is not a Tarmac backup, a
// newer format or migration list, an entry named to climb out of a directory) is refused by
// verifyBackup with its own code and a message that says what was found.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup, writeBackup } from '../src/modules/backups/archive.ts';
import type { BackupManifest, BackupProgress, BackupSource } from '../src/modules/backups/archive-types.ts';
import { BACKUP_FORMAT_VERSION } from '../src/modules/backups/archive-types.ts';
import { TAR_END, padding, tarHeader } from '../src/modules/backups/tar.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;
let archive: string;
let manifest: BackupManifest;

function sourceOf(s: TestServer): BackupSource {
  return {
    db: s.database.db, engine: s.database.engine, storage: s.services.storage,
    version: { version: '0.0.0-test', vcsRef: 'test' }, secretKey: s.config.secretKey,
  };
}

/** A tar holding the given entries, as the archive writer lays them out. */
function tarOf(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) parts.push(tarHeader(name, data.length, 0), data, padding(data.length));
  return Buffer.concat([...parts, TAR_END]);
}

/** A well-formed archive (valid manifest checksum) around a manifest changed by `edit`. */
function withManifest(edit: (m: BackupManifest) => void, extra: { name: string; data: Buffer }[] = []): string {
  const changed = structuredClone(manifest);
  changed.tables = [];
  changed.files = [];
  edit(changed);
  const bytes = Buffer.from(JSON.stringify(changed));
  const file = path.join(server.dataDir, `edited-${Math.random().toString(36).slice(2)}.tar`);
  writeFileSync(file, tarOf([...extra, { name: 'manifest.json', data: bytes },
    { name: 'manifest.sha256', data: Buffer.from(createHash('sha256').update(bytes).digest('hex')) }]));
  return file;
}

beforeAll(async () => {
  server = await startServer();
  const owner = await server.newUser({ role: 'admin' });
  const { channelId } = await newApp(server, { ownerId: owner.id });
  await storedRelease(server, channelId, 1);
  archive = path.join(server.dataDir, 'backup.tar');
  const progress: BackupProgress[] = [];
  manifest = await writeBackup(sourceOf(server), { database: true, apps: 'all', debugFiles: true }, archive, (p) => progress.push(p));
  expect(progress.at(-1)).toEqual({ stage: 'done', percent: 100 });
});

afterAll(async () => {
  await server?.close();
});

describe('writeBackup and verifyBackup', () => {
  it('writes an archive that verifies and lists its tables, files and migrations', async () => {
    expect(await verifyBackup(archive)).toEqual(manifest);
    expect(manifest.kind).toBe('tarmac-backup');
    expect(manifest.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(manifest.sourceEngine).toBe(server.database.engine);
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBe(1);
    expect(manifest.tables.find((t) => t.name === 'releases')?.rows).toBe(1);
    expect(manifest.tables.map((t) => t.name)).not.toContain('sessions');
    expect(manifest.files.map((f) => f.size).sort()).toEqual([10, 13]);
    expect(manifest.secretKeyFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.secretKeyFingerprint).not.toContain(server.config.secretKey);
  });

  it('leaves no partial file when it fails, and never overwrites an existing archive half-way', async () => {
    await expect(writeBackup(sourceOf(server), { database: true, apps: 'all', debugFiles: true }, path.join(server.dataDir, 'no/such/dir.tar')))
      .rejects.toThrow();
  });
});

describe('verifyBackup refuses a damaged archive', () => {
  const bytes = () => readFileSync(archive);
  const saved = (data: Buffer) => {
    const file = path.join(server.dataDir, `damaged-${Math.random().toString(36).slice(2)}.tar`);
    writeFileSync(file, data);
    return file;
  };

  it('a truncated archive (cut at several places)', async () => {
    const whole = bytes();
    for (const cut of [100, 512 + 10, Math.floor(whole.length / 2), whole.length - 600, whole.length - 1]) {
      await expect(verifyBackup(saved(whole.subarray(0, cut))), `cut at ${cut}`).rejects.toMatchObject({ code: expect.stringMatching(/^backup_(truncated|not_tarmac)$/) });
    }
  });

  it('a flipped byte in a file entry', async () => {
    const data = bytes();
    const at = data.indexOf('package bytes');
    data[at] = data[at]! ^ 0xff;
    await expect(verifyBackup(saved(data))).rejects.toMatchObject({ code: 'backup_checksum_mismatch', message: expect.stringContaining('files/') });
  });

  it('a flipped byte in the manifest', async () => {
    const data = bytes();
    const at = data.indexOf('"tarmac-backup"');
    data[at + 1] = data[at + 1]! ^ 0x01;
    await expect(verifyBackup(saved(data))).rejects.toMatchObject({ code: 'backup_checksum_mismatch', message: expect.stringContaining('manifest') });
  });

  it('a flipped byte in a tar header', async () => {
    const data = bytes();
    data[5] = data[5]! ^ 0x01;
    await expect(verifyBackup(saved(data))).rejects.toMatchObject({ code: 'backup_corrupt' });
  });

  it('a tar that is not a Tarmac backup, and a file that is not a tar', async () => {
    await expect(verifyBackup(saved(tarOf([{ name: 'files/000000', data: Buffer.from('x') }])))).rejects.toMatchObject({ code: 'backup_not_tarmac' });
    await expect(verifyBackup(saved(Buffer.alloc(4096, 0x41)))).rejects.toMatchObject({ code: 'backup_corrupt' });
    await expect(verifyBackup(withManifest((m) => Object.assign(m, { kind: 'other' })))).rejects.toMatchObject({ code: 'backup_not_tarmac' });
  });

  it('a newer format or a migration this Tarmac does not know', async () => {
    await expect(verifyBackup(withManifest((m) => (m.formatVersion = BACKUP_FORMAT_VERSION + 1)))).rejects.toMatchObject({ code: 'backup_too_new' });
    await expect(verifyBackup(withManifest((m) => m.migrations.push('29991231000000-from-the-future'))))
      .rejects.toMatchObject({ code: 'backup_too_new', message: expect.stringContaining('29991231000000-from-the-future') });
  });

  it('an entry whose name climbs out of its directory', async () => {
    const evil = withManifest(() => {}, [{ name: '../x', data: Buffer.from('x') }]);
    await expect(verifyBackup(evil)).rejects.toMatchObject({ code: 'backup_bad_entry', message: expect.stringContaining('"../x"') });
  });

  it('an entry the manifest does not list', async () => {
    const extra = withManifest(() => {}, [{ name: 'files/000000', data: Buffer.from('x') }]);
    await expect(verifyBackup(extra)).rejects.toMatchObject({ code: 'backup_corrupt' });
  });
});
