// The import into a Tarmac in use, and the rows Tarmac cannot hold. Merging follows the rules written
// at the top of steps/index.ts: a user with a Tarmac user's email (any case) is merged into that
// account, which keeps everything (a setup admin stays admin) and gains the Zealot token; a taken
// username gets `-zealot`; a taken channel key refuses the channel (and what hangs on it); a taken
// slug gets a fresh one, reported old → new. Hostile rows are refused with a reason, their dependants
// as "parent refused", never a crash; an interrupted import resumes where it stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from '../../../../test/helpers/factories.ts';
import { api, startServer } from '../../../../test/helpers/server.ts';
import type { TestServer } from '../../../../test/helpers/server.ts';
import { createZealotInstallation } from '../../../../test/helpers/zealot/installation.ts';
import type { ZealotInstallation } from '../../../../test/helpers/zealot/installation.ts';
import { addGitLabProvider, alreadyCounts, counts, importInto, NONE, tarmacCounts } from '../../../../test/helpers/zealot-import.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../../auth/passwords.ts';
import { createImportMap } from '../map.ts';
import type { ImportReport } from '../report.ts';
import { ImportInterrupted } from '../run.ts';

async function zealotSql(zealot: ZealotInstallation, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: zealot.databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function lineOf(report: ImportReport, table: string, id: string) {
  return report.lines.find((line) => line.table === table && line.id === id);
}

interface Fixture {
  zealot: ZealotInstallation;
  server: TestServer;
  done(): Promise<void>;
}

async function fixture(shape: '4.7' | '5.3' | '6'): Promise<Fixture> {
  const dir = mkdtempSync(path.join(tmpdir(), `zealot-conflicts-${shape}-`));
  const zealot = await createZealotInstallation({ shape, dir });
  const server = await startServer();
  await addGitLabProvider(server);
  return {
    zealot, server, async done() {
      await server.close();
      await zealot.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('merging into a Tarmac in use', () => {
  let f: Fixture;
  let report: ImportReport;
  let dry: ImportReport;
  const zealot = () => f.zealot;
  let root: { id: number; passwordHash: string };
  let tarmacChannels: Awaited<ReturnType<typeof newApp>>[];

  beforeAll(async () => {
    f = await fixture('6');
    const { server, zealot } = f;
    const made = await server.services.usersService.createAccount({ username: 'root', email: 'ADMIN@Zealot.TEST', password: 'root-pass-123', role: 'admin' });
    root = { id: made.id, passwordHash: (await server.database.db.selectFrom('users').select('password_hash').where('id', '=', made.id)
      .executeTakeFirstOrThrow()).password_hash };
    await server.newUser({ username: 'dev' });
    tarmacChannels = [await newApp(server, { ownerId: made.id }), await newApp(server, { ownerId: made.id })];
    // A Tarmac channel holds Zealot channel 1's slug (in another case), another Zealot channel 3's key.
    await server.database.db.updateTable('channels').set({ slug: zealot.channels[0]!.slug.toUpperCase() })
      .where('id', '=', tarmacChannels[0]!.channelId).execute();
    await server.database.db.updateTable('channels').set({ key: zealot.channels[2]!.key }).where('id', '=', tarmacChannels[1]!.channelId).execute();
    dry = await importInto(server, zealot, { dryRun: true });
    report = await importInto(server, zealot);
  }, 120_000);
  afterAll(() => f?.done());

  it('the dry run reports what the import does (but for the slug it will draw)', () => {
    expect(counts(dry)).toEqual(counts(report));
    const slug = zealot().channels[0]!.slug;
    expect(lineOf(dry, 'channels', '1')?.reason).toMatch(new RegExp(`^slug "${slug}" is another Tarmac channel's: the channel gets a fresh `
      + 'random slug \\(old links and QR codes to the old slug do not reach it\\)'));
    // Which rows get new ids can differ: PostgreSQL does not roll back the sequences the dry run used.
    const comparable = (r: ImportReport) => r.lines.filter((line) => line.table !== 'channels' && line.table !== 'apps');
    expect(comparable(dry)).toEqual(comparable(report));
  });

  it('a user with a Tarmac user\'s email is merged: the account keeps its name, role and password, and gains the Zealot token', async () => {
    const { server, zealot } = f;
    expect(counts(report).users).toEqual({ ...NONE, merged: 1, imported: 3 });
    expect(lineOf(report, 'users', '1')).toEqual({ table: 'users', id: '1', outcome: 'merged', reason: expect.stringContaining('"root"') });
    const row = await server.database.db.selectFrom('users').selectAll().where('id', '=', root.id).executeTakeFirstOrThrow();
    expect([row.username, row.email, row.role, row.password_hash]).toEqual(['root', 'ADMIN@Zealot.TEST', 'admin', root.passwordHash]);
    const me = await api<{ username: string }>(server, `/api/users/me?token=${zealot.users[0]!.token}`);
    expect([me.status, me.body.username]).toEqual([200, 'root']);
    // Apps Zealot's admin owned are owned by the merged account.
    const map = createImportMap(server.database.db, () => new Date().toISOString());
    const appId = (await map.target('apps', 1))!;
    expect(appId).not.toBe(1);
    const owner = await server.database.db.selectFrom('collaborators').select(['user_id', 'role']).where('app_id', '=', appId).where('owner', '=', true)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ user_id: root.id, role: 'admin' });
  });

  it('a username another Tarmac user has gets -zealot; the Zealot user keeps their token', async () => {
    const { server, zealot } = f;
    expect(lineOf(report, 'users', '2')?.reason).toBe('username "dev" belongs to another Tarmac user: imported as "dev-zealot"');
    const me = await api<{ username: string; email: string }>(server, `/api/users/me?token=${zealot.users[1]!.token}`);
    expect([me.status, me.body.username, me.body.email]).toEqual([200, 'dev-zealot', 'dev@zealot.test']);
  });

  it('a channel key Tarmac has refuses the channel and what hangs on it; a taken slug gets a fresh one, reported', async () => {
    const { server, zealot } = f;
    expect(counts(report).channels).toEqual({ ...NONE, imported: 3, refused: 1 });
    expect(lineOf(report, 'channels', '3')).toEqual({ table: 'channels', id: '3', outcome: 'refused',
      reason: `its key is already Tarmac channel ${tarmacChannels[1]!.channelId}'s: refused (SDKs and uploads with that key keep reaching that channel)` });
    const map = createImportMap(server.database.db, () => new Date().toISOString());
    const moved = await server.database.db.selectFrom('channels').select(['slug', 'key']).where('id', '=', (await map.target('channels', 1))!)
      .executeTakeFirstOrThrow();
    const old = zealot.channels[0]!.slug;
    expect(moved.key).toBe(zealot.channels[0]!.key);
    expect(moved.slug.toLowerCase()).not.toBe(old.toLowerCase());
    expect(lineOf(report, 'channels', '1')?.reason).toContain(`slug "${old}" is another Tarmac channel's: the channel's slug is now "${moved.slug}"`);
    // The Tarmac channels are untouched.
    const mine = await server.database.db.selectFrom('channels').select(['id', 'key']).where('id', '=', tarmacChannels[1]!.channelId).executeTakeFirstOrThrow();
    expect(mine.key).toBe(zealot.channels[2]!.key);
    // Hook 1 fired for channels 2 and 3: now a channel hook of 2; hook 3 (channel 3 only) is refused.
    expect(lineOf(report, 'web_hooks', '1')?.reason).toBe('channels 3 were not imported: the hook fires for the others');
    expect(lineOf(report, 'web_hooks', '3')?.reason).toBe('parent refused: channel 3 was not imported');
    expect(counts(report).channels_web_hooks).toEqual({ ...NONE, imported: 2, refused: 2 });
    const hook = await server.database.db.selectFrom('webhooks').select(['scope', 'channel_id']).where('id', '=', (await map.target('web_hooks', 1))!)
      .executeTakeFirstOrThrow();
    expect(hook).toEqual({ scope: 'channel', channel_id: await map.target('channels', 2) });
  });

  it('Zealot ids are kept where free; a taken one is remapped above every Zealot id, so no later row loses its own', async () => {
    const map = createImportMap(f.server.database.db, () => new Date().toISOString());
    const targets = async (table: string, ids: number[]) => Promise.all(ids.map((id) => map.target(table, id)));
    expect(await targets('users', [1, 2, 3, 4])).toEqual([root.id, 5, 3, 4]);
    expect(await targets('apps', [1, 2])).toEqual([3, 4]);
    expect(await targets('schemes', [1, 2, 3])).toEqual([4, 5, 3]);
    expect(await targets('channels', [1, 2, 3, 4])).toEqual([5, 6, null, 4]);
  });

  it('a second run reports everything already and changes nothing', async () => {
    const before = await tarmacCounts(f.server);
    const again = await importInto(f.server, f.zealot);
    expect(counts(again)).toEqual(alreadyCounts(report));
    expect(await tarmacCounts(f.server)).toEqual(before);
  });
});

describe('hostile rows', () => {
  let f: Fixture;
  let report: ImportReport;

  beforeAll(async () => {
    f = await fixture('5.3');
    await zealotSql(f.zealot, [
      "UPDATE users SET email = 'not an email' WHERE id = 3",
      "UPDATE users SET encrypted_password = 'plain-text' WHERE id = 2",
      "UPDATE users SET token = 'abc' WHERE id = 4",
      `UPDATE apps SET name = '${'x'.repeat(300)}' WHERE id = 2`,
      "UPDATE schemes SET name = '   ' WHERE id = 2",
      "UPDATE channels SET slug = 'api', key = NULL WHERE id = 1",
      "UPDATE channels SET device_type = 'Symbian' WHERE id = 2",
      "UPDATE devices SET udid = 'not-a-udid' WHERE id = 2",
      "UPDATE web_hooks SET url = 'http://127.0.0.1:8080/hook' WHERE id = 2",
      "UPDATE settings SET value = '--- maybe' WHERE var = 'registrations_enabled'",
      // Values Tarmac's settings refuse: skipped with the reason, nothing written.
      "UPDATE settings SET value = '--- 0' WHERE var = 'per_page'",
      "UPDATE settings SET value = '--- Klingon' WHERE var = 'site_locale'",
      'UPDATE apps_users SET owner = false WHERE app_id = 1',
      "INSERT INTO web_hooks (id, channel_id, url, upload_events, created_at, updated_at) VALUES (4, NULL, 'https://example.com/h', 1, now(), now())",
    ]);
    report = await importInto(f.server, f.zealot);
  }, 120_000);
  afterAll(() => f?.done());

  it('refuses what Tarmac cannot hold, with the reason, and the rows that depend on it as parent refused', () => {
    const refused = report.lines.filter((line) => line.outcome === 'refused').map(({ table, id, reason }) => `${table} ${id}: ${reason}`);
    expect(refused).toEqual([
      'users 3: email "not an email" is not a valid email address',
      'apps 2: name is too long (maximum is 255 characters)',
      'apps_users 1:3: parent refused: user 3 was not imported',
      'apps_users 2:1: parent refused: app 2 was not imported',
      'schemes 2: name can\'t be blank',
      'schemes 3: parent refused: app 2 was not imported',
      'channels 2: device type "Symbian" is not one Tarmac knows',
      'channels 3: parent refused: scheme 2 was not imported',
      'channels 4: parent refused: scheme 3 was not imported',
      'devices 2: UDID "not-a-udid" is not one Apple uses',
      'channels_web_hooks 2:1: parent refused: channel 2 was not imported',
      'channels_web_hooks 3:1: parent refused: channel 3 was not imported',
      'web_hooks 1: parent refused: channels 2, 3 were not imported',
      'channels_web_hooks 1:2: parent refused: web hook 2 was not imported',
      expect.stringMatching(/^web_hooks 2: url 127\.0\.0\.1 is a loopback, private or link-local address/),
      'channels_web_hooks 3:3: parent refused: channel 3 was not imported',
      'web_hooks 3: parent refused: channel 3 was not imported',
      'web_hooks 4: it fires for no channel',
      'settings 4: registrations_enabled is not true or false',
    ]);
  });

  it('skips a setting value Tarmac refuses, saying why, and writes nothing for it', async () => {
    const skipped = report.lines.filter((line) => line.table === 'settings' && line.outcome === 'skipped').map((line) => line.reason);
    expect(skipped).toContainEqual(expect.stringMatching(/^per_page: Tarmac's per_page refuses Zealot's value: it must be >= 1$/));
    expect(skipped).toContainEqual(expect.stringMatching(/^site_locale: Tarmac's default_locale refuses Zealot's value: it is not one of en, zh-CN$/));
    const stored = await f.server.database.db.selectFrom('settings').select('key').where('key', 'in', ['per_page', 'default_locale']).execute();
    expect(stored).toEqual([]);
    // The others still come over.
    expect(report.lines).toContainEqual(expect.objectContaining({ table: 'settings', outcome: 'imported', reason: 'site_title → site_title = "Acme Beta"' }));
  });

  it('imports the rest, reporting what it changed: no usable password, a token not imported, a fresh slug', async () => {
    const { server } = f;
    expect(report.warnings).toContainEqual(expect.stringMatching(/^Imported apps without an owner \(.*\): 1; /));
    expect(lineOf(report, 'users', '2')?.reason).toContain('has no password Tarmac can check');
    const dev = await server.database.db.selectFrom('users').select('password_hash').where('id', '=', 2).executeTakeFirstOrThrow();
    expect(dev.password_hash).toBe(UNUSABLE_PASSWORD_HASH);
    expect(lineOf(report, 'users', '4')?.reason).toContain('API token has a form Tarmac refuses');
    expect(JSON.stringify(report)).not.toContain('plain-text');
    const channel = await server.database.db.selectFrom('channels').select(['slug', 'key']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(channel.slug).not.toBe('api');
    expect(channel.key).toMatch(/^[0-9a-f]{32}$/);
    expect(lineOf(report, 'channels', '1')?.reason).toContain('its key was missing or not 1 to 64 printable characters: it has a new key');
    expect(lineOf(report, 'channels', '1')?.reason).toContain(`is reserved for Tarmac's own pages; choose another: the channel's slug is now "${channel.slug}"`);
  });
});

describe('an interrupted import', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture('4.7');
  }, 120_000);
  afterAll(() => f?.done());

  it('stops between rows, keeps what it committed, and the next run resumes there', async () => {
    const controller = new AbortController();
    const lines: string[] = [];
    const progress = (line: string): void => {
      lines.push(line);
      if (line === 'channels 2/4') controller.abort();
    };
    await expect(importInto(f.server, f.zealot, { signal: controller.signal, progress })).rejects.toBeInstanceOf(ImportInterrupted);
    expect(lines.at(-1)).toBe('channels 2/4');
    const db = f.server.database.db;
    const channels = await db.selectFrom('channels').select('id').orderBy('id').execute();
    expect(channels.map((c) => c.id)).toEqual([1, 2]);
    const resumed = await importInto(f.server, f.zealot);
    expect(counts(resumed).users).toEqual({ ...NONE, already: 4 });
    expect(counts(resumed).channels).toEqual({ ...NONE, already: 2, imported: 2 });
    expect(counts(resumed).web_hooks).toEqual({ ...NONE, imported: 3 });
    expect((await db.selectFrom('channels').select('id').orderBy('id').execute()).map((c) => c.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('an import without the secret key', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture('6');
  }, 120_000);
  afterAll(() => f?.done());

  it('without the secret key to seal URLs, web hooks are skipped and left for a later run', async () => {
    const first = await importInto(f.server, f.zealot, { withoutSealing: true });
    expect(counts(first).web_hooks).toEqual({ ...NONE, skipped: 3 });
    expect(counts(first).channels_web_hooks).toEqual({ ...NONE, skipped: 4 });
    expect(lineOf(first, 'web_hooks', '1')?.reason).toBe('the import was not given Tarmac\'s secret key to seal hook URLs with');
    const second = await importInto(f.server, f.zealot);
    expect(counts(second).web_hooks).toEqual({ ...NONE, imported: 3 });
    expect(counts(second).users).toEqual({ ...NONE, already: 4 });
  });
});

// A Tarmac in use may take an email between the step's check and its write: the database's constraint
// refuses the write (here a trigger raising the same kind of error), the row is refused for this run
// without an import-map entry, the rows hanging on it wait, and the next run brings them all.
describe('a write another writer beats', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture('5.3');
  }, 120_000);
  afterAll(() => f?.done());

  async function trigger(on: boolean): Promise<void> {
    const { db, engine } = f.server.database;
    if (engine === 'sqlite') {
      if (!on) return void (await sql`DROP TRIGGER zealot_race`.execute(db));
      await sql`CREATE TRIGGER zealot_race BEFORE INSERT ON users WHEN NEW.email = 'member@zealot.test'
        BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: users.email'); END`.execute(db);
      return;
    }
    if (!on) return void (await sql`DROP TRIGGER zealot_race ON users`.execute(db));
    await sql`CREATE OR REPLACE FUNCTION zealot_race() RETURNS trigger AS $$ BEGIN
      IF NEW.email = 'member@zealot.test' THEN RAISE EXCEPTION 'taken' USING ERRCODE = 'unique_violation'; END IF; RETURN NEW; END $$
      LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER zealot_race BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION zealot_race()`.execute(db);
  }

  it('is refused for this run, with what hangs on it, and brought by the next', async () => {
    await trigger(true);
    const first = await importInto(f.server, f.zealot);
    expect(counts(first).users).toEqual({ ...NONE, imported: 3, refused: 1 });
    expect(lineOf(first, 'users', '3')?.reason).toMatch(/^Tarmac changed while it was written .*: run the import again to retry it$/);
    expect(lineOf(first, 'apps_users', '1:3')?.reason).toBe('parent refused: user 3 was not imported');
    await trigger(false);
    const second = await importInto(f.server, f.zealot);
    expect(counts(second).users).toEqual({ ...NONE, already: 3, imported: 1 });
    expect(counts(second).apps_users).toEqual({ ...NONE, already: 3, imported: 1 });
    const member = await f.server.database.db.selectFrom('collaborators').select('role').where('app_id', '=', 1).where('user_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(member.role).toBe('member');
  });
});
