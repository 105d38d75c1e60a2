// /api/admin/zealot-import: what `tarmac import zealot` did, read back days later from the import
// map. The map's rows are seeded here directly (the importer's steps have their own tests): the
// summary per Zealot table and outcome, the rows not simply imported (newest first, filtered,
// paginated), each linked to the Tarmac thing it became while that thing still exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessages } from '../src/auth/policy.ts';
import type { ZealotImportMapTable } from '../src/db/types.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, ISO_TIME, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

interface Row {
  table: string;
  source_id: string;
  target_id: number | null;
  outcome: string;
  detail: string | null;
  created_at: string;
  link: string | null;
}

let server: TestServer;
let admin: TestUser;
let developer: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  developer = await server.newUser({ role: 'developer' });
  member = await server.newUser();
});
afterAll(() => server.close());

type Seed = Omit<ZealotImportMapTable, 'created_at'> & { at: number };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

async function seed(rows: Seed[]): Promise<void> {
  await server.database.db
    .insertInto('zealot_import_map')
    .values(rows.map(({ at: minute, ...row }) => ({ ...row, created_at: at(minute) })))
    .execute();
}

async function rows(query = ''): Promise<{ status: number; body: Row[]; headers: Headers }> {
  const res = await api<Row[]>(server, `/api/admin/zealot-import/rows${query}`, { token: admin.token });
  return { status: res.status, body: res.body, headers: res.headers };
}

describe('who may see it', () => {
  const urls = ['/api/admin/zealot-import', '/api/admin/zealot-import/rows', '/api/admin/zealot-import/rows?outcome=nope&page=0'];

  it.each(urls)('refuses %s to members and developers (403) and without a token (401)', async (url) => {
    for (const user of [member, developer]) {
      const res = await api(server, url, { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: forbiddenMessages['zealot_import:read'], code: 'permission.zealot_import_read' });
    }
    expect((await api(server, url)).status).toBe(401);
  });
});

describe('before any import', () => {
  it('says nothing was imported', async () => {
    const res = await api(server, '/api/admin/zealot-import', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: false, first_at: null, last_at: null, total: 0, tables: [] });
    const list = await rows();
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers.get('x-total-count')).toBe('0');
  });
});

describe('after an import', () => {
  let tc: TestChannel;
  let releaseId = 0;
  let renamed: TestUser;

  beforeAll(async () => {
    tc = await newApp(server);
    await storedRelease(server, tc.channelId, 1);
    releaseId = (await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', tc.channelId).executeTakeFirstOrThrow()).id;
    renamed = await server.newUser({ username: 'anna-zealot' });
    await seed([
      { source_table: 'users', source_id: '1', target_id: admin.id, outcome: 'imported', detail: null, at: 0 },
      { source_table: 'users', source_id: '2', target_id: renamed.id, outcome: 'imported', detail: 'username anna taken: renamed anna-zealot', at: 1 },
      { source_table: 'users', source_id: '3', target_id: developer.id, outcome: 'merged', detail: 'same email as a Tarmac user', at: 2 },
      { source_table: 'apps', source_id: '7', target_id: tc.appId, outcome: 'imported', detail: null, at: 3 },
      { source_table: 'apps', source_id: '6', target_id: tc.appId, outcome: 'imported', detail: '', at: 3 },
      { source_table: 'apps_users', source_id: '7:3', target_id: null, outcome: 'skipped', detail: 'already a collaborator', at: 4 },
      { source_table: 'schemes', source_id: '8', target_id: tc.schemeId, outcome: 'imported', detail: null, at: 4 },
      { source_table: 'channels', source_id: '9', target_id: tc.channelId, outcome: 'merged', detail: 'slug kept', at: 5 },
      { source_table: 'releases', source_id: '10', target_id: releaseId, outcome: 'imported', detail: 'file missing: app.apk', at: 6 },
      { source_table: 'releases', source_id: '11', target_id: 999999, outcome: 'imported', detail: 'file missing: gone.ipa', at: 7 },
      { source_table: 'web_hooks', source_id: '12', target_id: null, outcome: 'refused', detail: 'URL is not http(s)', at: 8 },
      { source_table: 'releases', source_id: '13', target_id: null, outcome: 'refused', detail: 'channel 99 was refused', at: 9 },
      { source_table: 'devices', source_id: '9', target_id: null, outcome: 'skipped', detail: 'no UDID', at: 10 },
      { source_table: 'devices', source_id: '10', target_id: null, outcome: 'skipped', detail: 'no UDID', at: 10 },
    ]);
  });

  it('counts every table and outcome, and says when', async () => {
    const res = await api(server, '/api/admin/zealot-import', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: true,
      first_at: at(0),
      last_at: at(10),
      total: 14,
      tables: [
        { table: 'apps', total: 2, imported: 2, merged: 0, skipped: 0, refused: 0, noted: 0 },
        { table: 'apps_users', total: 1, imported: 0, merged: 0, skipped: 1, refused: 0, noted: 1 },
        { table: 'channels', total: 1, imported: 0, merged: 1, skipped: 0, refused: 0, noted: 1 },
        { table: 'devices', total: 2, imported: 0, merged: 0, skipped: 2, refused: 0, noted: 2 },
        { table: 'releases', total: 3, imported: 2, merged: 0, skipped: 0, refused: 1, noted: 3 },
        { table: 'schemes', total: 1, imported: 1, merged: 0, skipped: 0, refused: 0, noted: 0 },
        { table: 'users', total: 3, imported: 2, merged: 1, skipped: 0, refused: 0, noted: 2 },
        { table: 'web_hooks', total: 1, imported: 0, merged: 0, skipped: 0, refused: 1, noted: 1 },
      ],
    });
  });

  it('lists the rows not simply imported, newest first, linked to what they became', async () => {
    const list = await rows();
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('10');
    // Newest first; rows handled at the same moment by table, then by id, highest first (10 before 9).
    expect(list.body.map((row) => `${row.table}/${row.source_id}`)).toEqual([
      'devices/10', 'devices/9', 'releases/13', 'web_hooks/12', 'releases/11', 'releases/10', 'channels/9', 'apps_users/7:3', 'users/3', 'users/2',
    ]);
    const byId = Object.fromEntries(list.body.map((row) => [`${row.table}/${row.source_id}`, row]));
    expect(byId['releases/10']).toEqual({
      table: 'releases', source_id: '10', target_id: releaseId, outcome: 'imported', detail: 'file missing: app.apk', created_at: at(6),
      link: `/apps/${tc.appId}/channels/${tc.channelId}/releases/${releaseId}`,
    });
    expect(byId['releases/10']!.created_at).toEqual(ISO_TIME);
    expect(byId['releases/11']!.link).toBeNull(); // deleted since
    expect(byId['releases/13']!.link).toBeNull(); // refused: nothing became of it
    expect(byId['channels/9']!.link).toBe(`/apps/${tc.appId}/channels/${tc.channelId}`);
    expect(byId['apps_users/7:3']!.link).toBe(`/apps/${tc.appId}`);
    expect(byId['users/2']!.link).toBe('/admin/users?q=anna-zealot');
    expect(byId['users/3']!.link).toBe(`/admin/users?q=${encodeURIComponent(developer.username)}`);
  });

  it('filters by outcome and table', async () => {
    const ids = async (query: string) => (await rows(query)).body.map((row) => `${row.table}/${row.source_id}`);
    expect(await ids('?outcome=refused')).toEqual(['releases/13', 'web_hooks/12']);
    expect(await ids('?outcome=imported')).toEqual(['releases/11', 'releases/10', 'users/2']);
    expect(await ids('?outcome=merged&table=users')).toEqual(['users/3']);
    expect(await ids('?table=releases')).toEqual(['releases/13', 'releases/11', 'releases/10']);
    expect(await ids('?table=devices')).toEqual(['devices/10', 'devices/9']);
    expect(await ids('?table=debug_files')).toEqual([]);
  });

  it('pages as the other lists do', async () => {
    const first = await rows('?per_page=3');
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('x-total-pages')).toBe('4');
    expect(first.headers.get('link')).toContain('rel="next"');
    const last = await rows('?per_page=3&page=4');
    expect(last.body.map((row) => row.source_id)).toEqual(['2']);
    expect(last.headers.get('x-page')).toBe('4');
    // Far past the end: an empty page, not an error.
    for (const page of ['999999999', '9007199254740991']) {
      const res = await rows(`?page=${page}&per_page=100`);
      expect(res.status, page).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('refuses hostile query values with 422', async () => {
    const bad = [
      '?outcome=nope', '?outcome=', '?outcome=refused&outcome=merged', '?table=Users', '?table=users%27%20OR%201=1--', `?table=${'a'.repeat(65)}`, '?table=',
      '?page=0', '?page=-1', '?page=1.5', '?page=abc', '?per_page=0', '?per_page=101', '?per_page=1e9', '?table=%00',
    ];
    for (const query of bad) {
      const res = await api(server, `/api/admin/zealot-import/rows${query}`, { token: admin.token });
      expect([query, res.status]).toEqual([query, 422]);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    }
  });
});
