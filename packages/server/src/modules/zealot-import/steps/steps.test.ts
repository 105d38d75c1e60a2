// The row steps (users with their tokens, apps, collaborators, schemes, channels, devices, web hooks,
// settings) run through runZealotImport over a real Zealot installation of each shape (4.7, 5.3, 6:
// helpers/zealot/) into a real, running Tarmac. The import must bring every value over as Zealot
// meant it, keep what clients hold working (an old API token authenticates through the server;
// channel keys and slugs are the same; channel passwords verify), and report a dry run exactly as
// the real run, then a second run as all 'already'. Zealot's side needs PostgreSQL on both runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer } from '../../../../test/helpers/server.ts';
import type { TestServer } from '../../../../test/helpers/server.ts';
import { makeZealotBackup } from '../../../../test/helpers/zealot/backup.ts';
import { createZealotInstallation } from '../../../../test/helpers/zealot/installation.ts';
import type { ZealotInstallation } from '../../../../test/helpers/zealot/installation.ts';
import { ZEALOT_SHAPES } from '../../../../test/helpers/zealot/schema.ts';
import { addGitLabProvider, alreadyCounts, counts, importInto, NONE as none, tarmacCounts } from '../../../../test/helpers/zealot-import.ts';
import { verifyPassword } from '../../../auth/passwords.ts';
import { createSecretBox } from '../../../webhooks/secrets.ts';
import type { ImportReport } from '../report.ts';
import { openZealotSource } from '../source/open.ts';

describe.each(ZEALOT_SHAPES)('importing the rows of a Zealot %s', (shape) => {
  const dir = mkdtempSync(path.join(tmpdir(), `zealot-steps-${shape}-`));
  let zealot: ZealotInstallation;
  let server: TestServer;
  let dry: ImportReport;
  let real: ImportReport;
  let before: Record<string, number>;

  beforeAll(async () => {
    zealot = await createZealotInstallation({ shape, dir });
    // The environment holds per_page: Zealot's per_page is not imported over it.
    server = await startServer({ TARMAC_PER_PAGE: '30' });
    await addGitLabProvider(server);
    before = await tarmacCounts(server);
    dry = await importInto(server, zealot, { dryRun: true });
    expect(await tarmacCounts(server)).toEqual(before);
    real = await importInto(server, zealot);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await zealot?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports counts per table; the dry run wrote nothing and reported the same', () => {
    const hooksTotal = 4;
    expect(counts(real)).toEqual({
      users: { ...none, imported: 4 },
      apps: { ...none, imported: 2 },
      apps_users: { ...none, imported: 4 },
      schemes: { ...none, imported: 3 },
      channels: { ...none, imported: 4 },
      devices: { ...none, imported: 3 },
      web_hooks: { ...none, imported: 3 },
      channels_web_hooks: { ...none, imported: hooksTotal },
      settings: { ...none, imported: 6, skipped: 3 },
      user_providers: { ...none, imported: 1 },
      apple_keys: none, apple_teams: none, apple_keys_devices: none, backups: none,
    });
    expect(real.lines).toContainEqual({ table: 'user_providers', id: '1', outcome: 'imported', reason: 'signs in with GitLab (gitlab)' });
    expect(JSON.stringify(real)).not.toContain('glpat-');
    expect(counts(dry)).toEqual(counts(real));
    expect(dry.lines).toEqual(real.lines);
    expect(before.users).toBe(0);
  });

  it('users: names, emails, roles, preferences the shape has, dates, locked, the Devise hash as is', async () => {
    const users = await server.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    const hashes = await zealotHashes(zealot);
    expect(users.map((user) => [user.id, user.username, user.email, user.role, Boolean(user.locked)])).toEqual([
      [1, 'admin', 'admin@zealot.test', 'admin', false], [2, 'dev', 'dev@zealot.test', 'developer', false],
      [3, 'member', 'member@zealot.test', 'member', false], [4, 'locked', 'locked@zealot.test', 'member', true],
    ]);
    for (const user of users) {
      const spec = zealot.users.find((u) => u.id === user.id)!;
      expect(user.password_hash).toBe(hashes.get(user.id));
      expect(user.password_hash).toMatch(/^\$2a\$10\$/);
      expect([user.locale, user.appearance, user.timezone]).toEqual(
        spec.locale === null ? ['en', 'auto', 'Etc/UTC'] : [spec.locale, spec.appearance, spec.timezone],
      );
      expect(user.created_at).toMatch(/^2023-01-05T10:00:00\.123/);
      expect(user.last_sign_in_at).toMatch(/^2025-06-01T09:00:00/);
      expect(user.locked_at === null).toBe(!spec.locked);
    }
    expect(users[3]!.locked_at).toMatch(/^2025-04-01T12:00:00/);
  });

  it('API tokens: stored hashed as Tarmac stores its own; the old token authenticates through the server', async () => {
    const tokens = await server.database.db.selectFrom('api_tokens').selectAll().orderBy('user_id').execute();
    expect(tokens.map((token) => [token.user_id, token.name])).toEqual([1, 2, 3, 4].map((id) => [id, 'Zealot token']));
    for (const user of zealot.users) {
      const stored = tokens.find((token) => token.user_id === user.id)!;
      expect(stored.token_hash).not.toContain(user.token);
      expect(stored.token_prefix).toBe(user.token.slice(0, 10));
      const me = await api<{ username: string }>(server, `/api/users/me?token=${user.token}`);
      // A locked account's token is answered as Tarmac answers a locked account.
      if (user.locked) {
        expect(me.status).toBe(403);
        continue;
      }
      expect(me.status).toBe(200);
      expect(me.body.username).toBe(user.username);
    }
    expect((await api(server, '/api/users/me?token=0123456789abcdef0123456789abcdef')).status).toBe(401);
    // Never a secret in the report.
    const text = JSON.stringify(real);
    for (const user of zealot.users) expect(text).not.toContain(user.token);
    expect(text).not.toContain('$2a$');
  });

  it('apps (archived from 6), collaborators with roles and owner, schemes', async () => {
    const db = server.database.db;
    const apps = await db.selectFrom('apps').select(['id', 'name', 'archived']).orderBy('id').execute();
    expect(apps.map((app) => [app.id, app.name, Boolean(app.archived)])).toEqual([[1, 'AppInfoDemo', false], [2, 'Legacy Tool', shape === '6']]);
    const members = await db.selectFrom('collaborators').select(['app_id', 'user_id', 'role', 'owner']).orderBy('app_id').orderBy('user_id').execute();
    const withRoles = shape !== '4.7';
    expect(members.map((m) => [m.app_id, m.user_id, m.role, Boolean(m.owner)])).toEqual([
      [1, 1, 'admin', true], [1, 2, withRoles ? 'developer' : 'member', false], [1, 3, 'member', false], [2, 1, 'admin', true],
    ]);
    expect(real.warnings.some((w) => w.includes('no collaborator roles'))).toBe(!withRoles);
    expect(real.lines).toContainEqual({ table: 'apps', id: '1', outcome: 'imported', reason: 'its description was dropped (a Tarmac app has none)' });
    const schemes = await db.selectFrom('schemes').select(['id', 'app_id', 'name', 'new_build_callout', 'retained_builds']).orderBy('id').execute();
    expect(schemes.map((s) => [s.id, s.app_id, s.name, Boolean(s.new_build_callout), s.retained_builds])).toEqual([
      [1, 1, 'Beta', true, 0], [2, 1, 'Production', false, shape === '4.7' ? 0 : 10], [3, 2, 'Beta', true, 0],
    ]);
  });

  it('channels: the same keys and slugs, device type, bundle rule, git URL, filename type; the password hashed and verifying', async () => {
    const channels = await server.database.db.selectFrom('channels').selectAll().orderBy('id').execute();
    expect(channels).toHaveLength(4);
    for (const channel of channels) {
      const spec = zealot.channels.find((c) => c.id === channel.id)!;
      expect([channel.scheme_id, channel.name, channel.key, channel.slug]).toEqual([spec.schemeId, spec.name, spec.key, spec.slug]);
      expect(channel.device_type).toBe(spec.deviceType.toLowerCase());
      expect(channel.bundle_id).toBe(spec.bundleId);
      expect(channel.download_filename_type).toBe(spec.downloadFilenameType ?? 'version_datetime');
      if (spec.password === null) expect(channel.password_hash).toBeNull();
      else {
        expect(channel.password_hash).toMatch(/^scrypt\$/);
        expect(await verifyPassword(spec.password, channel.password_hash!)).toBe(true);
        expect(await verifyPassword('wrong', channel.password_hash!)).toBe(false);
      }
    }
    expect(channels.map((c) => c.git_url)).toEqual(['https://github.com/icyleaf/appinfo-demo.git', 'https://github.com/icyleaf/appinfo-demo.git', null, null]);
    expect(real.lines).toContainEqual({ table: 'channels', id: '2', outcome: 'imported', reason: expect.stringContaining('scp form') });
    expect(JSON.stringify(real)).not.toContain('open-sesame-42');
    // The old channel link reaches the imported channel's page: the password form, then Zealot's password opens it.
    const slug = zealot.channels[1]!.slug;
    expect((await fetch(`${server.url}/${slug}`, { redirect: 'manual' })).status).toBe(401);
    const unlock = (password: string) => fetch(`${server.url}/${slug}/unlock`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password }).toString(),
      redirect: 'manual',
    });
    expect((await unlock('not-the-password')).status).not.toBe(303);
    const unlocked = await unlock(zealot.channels[1]!.password!);
    expect(unlocked.status).toBe(303);
    const cookie = unlocked.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    expect((await fetch(`${server.url}/${slug}`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${server.url}/${zealot.channels[0]!.slug}`, { redirect: 'manual' })).status).toBe(200);
  });

  it('devices, web hooks (presets, events, channels, sealed URL), settings', async () => {
    const db = server.database.db;
    const devices = await db.selectFrom('devices').select(['id', 'udid', 'name', 'model_name', 'platform', 'status', 'source']).orderBy('id').execute();
    expect(devices).toEqual([
      { id: 1, udid: 'e801228c2086d3aacc917b9c3d19bfa56efcab5b', name: "Tester's iPhone", model_name: 'iPhone 12', platform: 'IOS', status: 'ENABLED',
        source: 'sync' },
      { id: 2, udid: '00008030-001A2C3E0C38802E', name: 'QA iPad', model_name: 'iPad Pro', platform: 'IOS', status: 'ENABLED', source: 'sync' },
      { id: 3, udid: '00008101-000A1D2E3F40001E', name: null, model_name: null, platform: null, status: null, source: 'profile' },
    ]);
    const hooks = await db.selectFrom('webhooks').selectAll().orderBy('id').execute();
    expect(hooks.map((h) => [h.provider, h.scope, h.channel_id, JSON.parse(h.events) as string[], h.template])).toEqual([
      ['slack', 'shared', null, ['upload', 'changelog'], null],
      ['feishu', 'channel', 1, ['upload', 'download'], null],
      ['json', 'channel', 3, ['download'], null],
    ]);
    const box = createSecretBox(server.config.secretKey);
    expect(box.decrypt(hooks[0]!.url)).toBe('https://hooks.slack.com/services/T000/B000/XXXXXXXX');
    expect(hooks[0]!.url_masked).not.toContain('XXXXXXXX');
    const attached = await db.selectFrom('webhook_channels').select(['webhook_id', 'channel_id']).orderBy('channel_id').execute();
    expect(attached).toEqual([{ webhook_id: hooks[0]!.id, channel_id: 2 }, { webhook_id: hooks[0]!.id, channel_id: 3 }]);
    expect(real.lines).toContainEqual({ table: 'web_hooks', id: '2', outcome: 'imported', reason: expect.stringContaining('custom body') });
    const settings = await db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
    expect(Object.fromEntries(settings.map((s) => [s.key, JSON.parse(s.value) as unknown]))).toEqual({
      site_title: 'Acme Beta', default_locale: 'en', registration_policy: 'closed', guest_mode: false, default_role: 'developer',
      preset_schemes: ['Beta', 'Adhoc', 'Production'].map((scheme) => ({ scheme, channels: [] })),
    });
    // What Tarmac now answers, through its settings API.
    const admin = await server.newUser({ role: 'admin' });
    const answered = await api<{ settings: { key: string; value: unknown; source: string }[] }>(server, '/api/admin/settings', { token: admin.token });
    const byKey = new Map(answered.body.settings.map((setting) => [setting.key, [setting.value, setting.source]]));
    expect(byKey.get('site_title')).toEqual(['Acme Beta', 'saved']);
    expect(byKey.get('default_role')).toEqual(['developer', 'saved']);
    expect(byKey.get('per_page')).toEqual([30, 'environment']);
    const skipped = real.lines.filter((line) => line.table === 'settings' && line.outcome === 'skipped')
      .map((line) => line.reason.split(':')[0]);
    expect(skipped.sort()).toEqual(['login_enabled', 'per_page', 'site_domain']);
    expect(real.lines).toContainEqual({ table: 'settings', id: '4', outcome: 'imported', reason: 'registrations_enabled → registration_policy = "closed"' });
    expect(real.lines).toContainEqual({
      table: 'settings', id: expect.any(String), outcome: 'skipped',
      reason: 'per_page: Tarmac\'s per_page is set by TARMAC_PER_PAGE in its environment: kept as it is, not imported',
    });
    expect(real.lines).toContainEqual({ table: 'settings', id: '2', outcome: 'skipped', reason: expect.stringContaining('TARMAC_URL (Zealot had beta.acme.test)') });
  });

  it('a second run reports every row already and writes nothing', async () => {
    const after = await tarmacCounts(server);
    const again = await importInto(server, zealot);
    expect(counts(again)).toEqual(alreadyCounts(real));
    expect(again.lines).toEqual([]);
    expect(await tarmacCounts(server)).toEqual(after);
  });
});

// The same rows read from Zealot's backup archive (its pg_dump's COPY blocks, no PostgreSQL) come out
// the same as read from the live database.
describe('importing the rows of a Zealot backup archive', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zealot-steps-backup-'));
  let zealot: ZealotInstallation;
  let live: TestServer;
  let fromBackup: TestServer;
  let liveReport: ImportReport;
  let backupReport: ImportReport;

  beforeAll(async () => {
    zealot = await createZealotInstallation({ shape: '6', dir });
    const backup = await makeZealotBackup(zealot, dir);
    live = await startServer();
    fromBackup = await startServer();
    liveReport = await importInto(live, zealot);
    backupReport = await importInto(fromBackup, zealot, { backup: backup.tarPath });
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    await fromBackup?.close();
    await zealot?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same report and the same rows as the live database', async () => {
    expect(counts(backupReport)).toEqual(counts(liveReport));
    expect(backupReport.lines).toEqual(liveReport.lines);
    const rows = async (server: TestServer) => {
      const db = server.database.db;
      return {
        users: await db.selectFrom('users').select(['id', 'username', 'email', 'password_hash', 'role', 'locale', 'appearance', 'timezone', 'locked',
          'locked_at', 'last_sign_in_at', 'created_at', 'updated_at']).orderBy('id').execute(),
        tokens: await db.selectFrom('api_tokens').select(['user_id', 'token_hash', 'token_prefix']).orderBy('id').execute(),
        apps: await db.selectFrom('apps').select(['id', 'name', 'archived', 'created_at']).orderBy('id').execute(),
        collaborators: await db.selectFrom('collaborators').select(['app_id', 'user_id', 'role', 'owner']).orderBy('id').execute(),
        schemes: await db.selectFrom('schemes').select(['id', 'app_id', 'name', 'new_build_callout', 'retained_builds']).orderBy('id').execute(),
        channels: await db.selectFrom('channels').select(['id', 'scheme_id', 'name', 'slug', 'key', 'device_type', 'bundle_id', 'git_url',
          'download_filename_type']).orderBy('id').execute(),
        devices: await db.selectFrom('devices').select(['id', 'udid', 'name', 'model_name', 'platform', 'status', 'source', 'created_at'])
          .orderBy('id').execute(),
        hooks: await db.selectFrom('webhooks').select(['id', 'scope', 'channel_id', 'provider', 'events', 'url_masked']).orderBy('id').execute(),
        settings: await db.selectFrom('settings').select(['key', 'value']).execute(),
      };
    };
    expect(await rows(fromBackup)).toEqual(await rows(live));
  });
});

async function zealotHashes(zealot: ZealotInstallation): Promise<Map<number, string>> {
  const source = await openZealotSource({ databaseUrl: zealot.databaseUrl });
  try {
    const hashes = new Map<number, string>();
    for await (const row of source.rows('users')) hashes.set(row.id as number, row.encrypted_password as string);
    return hashes;
  } finally {
    await source.close();
  }
}
