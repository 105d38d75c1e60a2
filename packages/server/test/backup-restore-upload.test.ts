// Restoring an uploaded archive (POST /api/admin/restores/upload): a run's archive sent as a file
// is checked like a stored one, applied, and its copy in <data>/restores removed; a truncated upload
// fails its check with backup.truncated and leaves nothing; a file that is not a tar, a form without
// the file, a non-administrator and an archive over TARMAC_MAX_RESTORE_UPLOAD_BYTES are refused
// before anything is stored.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupToEnd } from './helpers/backups.ts';
import { newApp } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Restore {
  id: number; run_id: number | null; file_name: string; size: number | null; state: string; error_code: string | null;
  confirm_text: string; report: { refusals: string[]; tables: { name: string; rows: number }[] } | null;
}

const PLAN = {
  enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: true, destination: 'local', keep_count: 10,
  notify_url: null,
};

async function upload(server: TestServer, user: TestUser, form: FormData) {
  const response = await fetch(`${server.url}/api/admin/restores/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  const text = await response.text();
  return { status: response.status, text, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Restore & { code?: string; details?: Record<string, string[]> } };
}

function fileForm(bytes: Uint8Array, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return form;
}

describe('restoring an uploaded archive', () => {
  let server: TestServer;
  let admin: TestUser;
  let archive: Buffer;

  beforeAll(async () => {
    server = await startServer({}, { runJobs: true });
    admin = await server.newUser({ role: 'admin' });
    await newApp(server, { name: 'In the archive', ownerId: admin.id });
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', { method: 'POST', token: admin.token, json: { ...PLAN, name: 'Upload' } });
    const run = await runBackupToEnd<{ state: string; archive_key: string }>(server, admin, plan.body.id);
    expect(run.state).toBe('done');
    archive = readFileSync(path.join(server.dataDir, 'backups', run.archive_key));
  });
  afterAll(() => server.close());

  async function poll(id: number, until: string[]): Promise<Restore> {
    for (let i = 0; i < 400; i++) {
      const answer = await api<Restore>(server, `/api/admin/restores/${id}`, { token: admin.token });
      if (until.includes(answer.body.state)) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`restore ${id} did not reach ${until.join(' or ')}`);
  }

  const restoreCount = async () => (await server.database.db.selectFrom('restores').select('id').execute()).length;
  // The uploaded copies left in <data>/restores (the audit lines a restore replaced are kept there on purpose).
  const leftovers = () => {
    const dir = path.join(server.dataDir, 'restores');
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.tar')) : [];
  };

  it('checks an uploaded archive, applies it, and removes its copy', async () => {
    await newApp(server, { name: 'Not in the archive', ownerId: admin.id });
    const sent = await upload(server, admin, fileForm(archive, 'nightly/../tarmac-nightly.tar'));
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toMatchObject({ run_id: null, file_name: 'tarmac-nightly.tar', size: archive.length, state: 'checking' });
    const ready = await poll(sent.body.id, ['ready', 'failed']);
    expect(ready).toMatchObject({ state: 'ready', error_code: null });
    expect(ready.report!.refusals).toEqual([]);
    expect(ready.report!.tables.find((table) => table.name === 'apps')?.rows).toBe(1);
    expect(leftovers()).toEqual([`${ready.id}.tar`]);

    const applied = await api(server, `/api/admin/restores/${ready.id}/apply`, { method: 'POST', token: admin.token, json: { confirm: ready.confirm_text } });
    expect(applied.status, applied.text).toBe(202);
    expect(await poll(ready.id, ['done', 'failed'])).toMatchObject({ state: 'done', error_code: null });
    const apps = await api<{ name: string }[]>(server, '/api/apps?per_page=100', { token: admin.token });
    expect(apps.body.map((app) => app.name)).toEqual(['In the archive']);
    expect(leftovers()).toEqual([]);
  });

  it('fails the check of a truncated upload with backup.truncated, and forgets its copy', async () => {
    const sent = await upload(server, admin, fileForm(archive.subarray(0, Math.floor(archive.length / 2)), 'half.tar'));
    expect(sent.status, sent.text).toBe(202);
    expect(await poll(sent.body.id, ['ready', 'failed'])).toMatchObject({ state: 'failed', error_code: 'backup.truncated', report: null });
    expect(leftovers()).toEqual([]);
  });

  it('refuses what is not an archive, a form without the file, and a non-administrator, storing nothing', async () => {
    const before = await restoreCount();
    const notTar = await upload(server, admin, fileForm(new Uint8Array(4096).fill(0x41), 'notes.tar'));
    expect(notTar.status).toBe(422);
    expect(notTar.body.details!.file![0]).toMatch(/not a tar archive/);
    const tiny = await upload(server, admin, fileForm(new Uint8Array(10), 'tiny.tar'));
    expect(tiny.status).toBe(422);
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    const missing = await upload(server, admin, noFile);
    expect(missing.status).toBe(422);
    expect(missing.body.details!.file).toBeDefined();
    const member = await server.newUser({ role: 'member' });
    const forbidden = await upload(server, member, fileForm(archive, 'backup.tar'));
    expect(forbidden.status).toBe(403);
    expect(await restoreCount()).toBe(before);
    expect(leftovers()).toEqual([]);
    expect(readdirSync(path.join(server.dataDir, 'tmp')).filter((name) => !name.startsWith('.'))).toEqual([]);
  });
});

describe('an upload over TARMAC_MAX_RESTORE_UPLOAD_BYTES', () => {
  it('is refused with 413 and nothing is stored', async () => {
    const server = await startServer({ TARMAC_MAX_RESTORE_UPLOAD_BYTES: '4KB' });
    try {
      const admin = await server.newUser({ role: 'admin' });
      const bytes = new Uint8Array(64 * 1024);
      bytes.set(Buffer.from('ustar'), 257);
      const refused = await upload(server, admin, fileForm(bytes, 'big.tar'));
      expect(refused.status).toBe(413);
      expect((await server.database.db.selectFrom('restores').select('id').execute()).length).toBe(0);
      expect(existsSync(path.join(server.dataDir, 'restores'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
