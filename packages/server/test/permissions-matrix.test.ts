// The permission matrix, walked over HTTP: every route the server registers under /api/apps,
// /api/schemes, /api/channels, /api/debug_files, /api/webhooks and /api/admin × every kind of caller, each request on a fresh app, with
// the status the matrix promises — 2xx when allowed, 403 (with the policy's sentence) for a
// collaborator without the right, 404 `Record not found` for someone not on the app's team,
// so ids cannot be probed. The route list is read from the server: a new route without a row
// here fails the first test. Each row is also checked against the policy module itself, so
// this table, src/auth/policy.ts and docs/permissions.md cannot drift apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForbiddenMessages, decideOnApp, forbiddenMessages } from '../src/auth/policy.ts';
import type { AppAction, Membership } from '../src/auth/policy.ts';
import { randomUUID } from 'node:crypto';
import { addCollaborator, newApp, now } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const ACTORS = ['globalAdmin', 'owner', 'collabAdmin', 'collabDeveloper', 'collabMember', 'outsiderDeveloper', 'outsiderMember'] as const;
type ActorName = (typeof ACTORS)[number];

/** Each actor's global role and membership on the app under test. */
const WHO: Record<ActorName, { role: 'admin' | 'developer' | 'member'; membership: Membership | null }> = {
  globalAdmin: { role: 'admin', membership: null },
  owner: { role: 'developer', membership: { role: 'admin', owner: true } },
  collabAdmin: { role: 'member', membership: { role: 'admin', owner: false } },
  collabDeveloper: { role: 'member', membership: { role: 'developer', owner: false } },
  collabMember: { role: 'member', membership: { role: 'member', owner: false } },
  outsiderDeveloper: { role: 'developer', membership: null },
  outsiderMember: { role: 'member', membership: null },
};

/**
 * Routes under these prefixes that are authenticated by a channel key, not a user and
 * a role; their own test files cover them.
 */
const CHANNEL_KEY_ROUTES = new Set([
  'POST /api/apps/upload',
  'GET /api/apps/latest',
  'GET /api/apps/versions',
  'GET /api/apps/version_exist',
  // By channel key, or by app_id for the team: test/debug-files.test.ts walks their callers.
  'POST /api/debug_files/upload',
  'GET /api/debug_files',
  'GET /api/debug_files/download',
]);

interface Row {
  /** The per-app action the route asks the policy for; undefined for routes outside one app. */
  action?: AppAction;
  body?: (users: Record<ActorName | 'candidate', TestUser>) => unknown;
  /** Status per actor. */
  expected: Record<ActorName, number>;
  /** The 403 body. */
  forbidden?: string;
  /** The 404 body, when not `Record not found`. */
  notFound?: (tc: Fixture) => string;
}

const all = (status: number) => Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<ActorName, number>;
/** Any collaborator and global admins; outsiders 404. */
const read = (ok: number): Record<ActorName, number> => ({ ...all(ok), outsiderDeveloper: 404, outsiderMember: 404 });
/** The app's admins (the owner is one) and global admins; other collaborators 403; outsiders 404. */
const manage = (ok: number): Record<ActorName, number> => ({ ...read(ok), collabDeveloper: 403, collabMember: 403 });
/** Global admins only; everyone else 403. */
const globalAdminOnly = (ok: number): Record<ActorName, number> => ({ ...all(403), globalAdmin: ok });
const NO_JOB_ID = '999999999';
const NO_JOB = `No waiting or failed job has id ${NO_JOB_ID}`;
const NO_PROVIDER = 'Sign-in provider not found';
const NO_PLAN = 'No such backup plan';
let planCount = 0;
const PLAN = { enabled: false, schedule: null, include_database: true, app_ids: null, include_debug_files: false, destination: 'local', keep_count: 2, notify_url: null };
let providerCount = 0;
const SLACK_HOOK = { provider: 'slack', url: 'https://hooks.slack.com/services/T0/B0/matrix-secret-path', events: ['upload'] };

const MATRIX: Record<string, Row> = {
  'GET /api/apps': { expected: all(200) },
  'POST /api/apps': {
    body: () => ({ name: 'Matrix' }),
    expected: {
      globalAdmin: 201,
      owner: 201,
      collabAdmin: 403,
      collabDeveloper: 403,
      collabMember: 403,
      outsiderDeveloper: 201,
      outsiderMember: 403,
    },
    forbidden: forbiddenMessages['apps:create'],
  },
  // Whoever may create apps reads the presets a new app starts with.
  'GET /api/apps/presets': {
    expected: { ...all(403), globalAdmin: 200, owner: 200, outsiderDeveloper: 200 },
    forbidden: forbiddenMessages['apps:create'],
  },
  'GET /api/apps/:id': { action: 'app:read', expected: read(200) },
  'PUT /api/apps/:id': { action: 'app:update', body: () => ({ name: 'Renamed' }), expected: manage(200) },
  'DELETE /api/apps/:id': { action: 'app:delete', expected: manage(200) },
  'POST /api/apps/:id/archive': { action: 'app:archive', expected: manage(200) },
  'DELETE /api/apps/:id/archive': { action: 'app:archive', expected: manage(200) },
  'POST /api/apps/:app_id/transfer': {
    body: (users) => ({ user_id: users.collabDeveloper.id }),
    // Only the owner and global admins, not every app admin.
    expected: { ...manage(200), collabAdmin: 403 },
    forbidden: "Only the app's owner or an administrator can transfer its ownership",
  },
  'GET /api/apps/:app_id/schemes': { action: 'app:read', expected: read(200) },
  'POST /api/apps/:app_id/schemes': { action: 'scheme:manage', body: () => ({ name: 'Scheme' }), expected: manage(201) },
  'GET /api/schemes/:id': { action: 'app:read', expected: read(200) },
  'PUT /api/schemes/:id': { action: 'scheme:manage', body: () => ({ name: 'Renamed' }), expected: manage(200) },
  'DELETE /api/schemes/:id': { action: 'scheme:manage', expected: manage(200) },
  'GET /api/schemes/:scheme_id/channels': { action: 'app:read', expected: read(200) },
  'POST /api/schemes/:scheme_id/channels': { action: 'channel:manage', body: () => ({ name: 'Channel', device_type: 'ios' }), expected: manage(201) },
  'GET /api/channels/:id': { action: 'app:read', expected: read(200) },
  'GET /api/channels/:id/releases': { action: 'app:read', expected: read(200) },
  'GET /api/channels/:id/releases/facets': { action: 'app:read', expected: read(200) },
  'PUT /api/channels/:id': { action: 'channel:manage', body: () => ({ name: 'Renamed' }), expected: manage(200) },
  'DELETE /api/channels/:id': { action: 'channel:manage', expected: manage(200) },
  'POST /api/channels/:id/key': { action: 'channel:manage', expected: manage(200) },
  'GET /api/channels/:id/subscribers': { action: 'app:read', expected: read(200) },
  'POST /api/channels/:id/subscribers': { action: 'channel:manage', body: () => ({ email: 'matrix@example.com' }), expected: manage(201) },
  'DELETE /api/channels/:id/subscribers/:subscriber_id': { action: 'channel:manage', expected: manage(200) },
  'POST /api/apps/:app_id/collaborators': {
    action: 'collaborator:manage',
    body: (users) => ({ user_id: users.candidate.id, role: 'member' }),
    expected: manage(201),
  },
  'GET /api/apps/:app_id/collaborators/candidates': { action: 'collaborator:manage', expected: manage(200) },
  'GET /api/apps/:app_id/collaborators/:user_id': { action: 'app:read', expected: read(200) },
  'PUT /api/apps/:app_id/collaborators/:user_id': { action: 'collaborator:manage', body: () => ({ role: 'developer' }), expected: manage(200) },
  'DELETE /api/apps/:app_id/collaborators/:user_id': { action: 'collaborator:manage', expected: manage(200) },
  'GET /api/debug_files/:id': { action: 'app:read', expected: read(200) },
  'GET /api/debug_files/uuid/:uuid': {
    action: 'app:read',
    expected: read(200),
    notFound: (tc) => `Not found debug file: no debug file you can see holds UUID ${tc.uuid}`,
  },
  // The app's developers and admins.
  'DELETE /api/debug_files/:id': { action: 'debug_file:delete', expected: { ...read(200), collabMember: 403 } },
  // Webhooks: a channel's hooks are read by the team and managed by the app's admins; shared hooks by global admins.
  'GET /api/channels/:id/webhooks': { action: 'app:read', expected: read(200) },
  'POST /api/channels/:id/webhooks': { action: 'webhook:manage', body: () => SLACK_HOOK, expected: manage(201) },
  'GET /api/webhooks': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['webhooks:manage'] },
  'POST /api/webhooks': { body: () => ({ ...SLACK_HOOK, channel_ids: [] }), expected: globalAdminOnly(201), forbidden: forbiddenMessages['webhooks:manage'] },
  // Without channel_id a preview renders the sample build: anyone signed in.
  'POST /api/webhooks/preview': { body: () => ({ provider: 'slack' }), expected: all(200) },
  'GET /api/webhooks/:id': { action: 'app:read', expected: read(200) },
  'PUT /api/webhooks/:id': { action: 'webhook:manage', body: () => ({ name: 'Renamed' }), expected: manage(200) },
  'DELETE /api/webhooks/:id': { action: 'webhook:manage', expected: manage(200) },
  'POST /api/webhooks/:id/test': { action: 'webhook:manage', expected: manage(202) },
  'GET /api/webhooks/:id/deliveries': { action: 'app:read', expected: read(200) },
  'POST /api/webhooks/:id/deliveries/:delivery_id/redeliver': { action: 'webhook:manage', expected: manage(202) },
  // Background jobs: global admins only (an id no job has: 404 for them, 403 before anything for anyone else).
  'GET /api/admin/jobs': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['jobs:manage'] },
  'GET /api/admin/jobs/counts': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['jobs:manage'] },
  'POST /api/admin/jobs/:id/retry': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['jobs:manage'], notFound: () => NO_JOB },
  'DELETE /api/admin/jobs/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['jobs:manage'], notFound: () => NO_JOB },
  'GET /api/admin/logs': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['logs:read'] },
  'GET /api/admin/schedules': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['jobs:manage'] },
  // (no spec given: the administrator's answer is the 422 of a missing field)
  'GET /api/admin/schedules/preview': { expected: globalAdminOnly(422), forbidden: forbiddenMessages['jobs:manage'] },
  'PUT /api/admin/schedules/:name': { body: () => ({ enabled: true }), expected: globalAdminOnly(200), forbidden: forbiddenMessages['jobs:manage'] },
  'POST /api/admin/schedules/:name/run': { expected: globalAdminOnly(202), forbidden: forbiddenMessages['jobs:manage'] },
  // What `tarmac import zealot` did: global admins only.
  'GET /api/admin/zealot-import': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['zealot_import:read'] },
  'GET /api/admin/zealot-import/rows': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['zealot_import:read'] },
  'GET /api/admin/audit-events': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['audit:read'] },
  'GET /api/admin/audit-events/export': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['audit:read'] },
  'GET /api/admin/audit-events/actions': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['audit:read'] },
  // System information and the database view: global admins only.
  'GET /api/admin/system': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['system:read'] },
  'GET /api/admin/database': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['system:read'] },
  'GET /api/admin/database/statements': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['system:read'] },
  // The mail card: global admins only (this server has no mail, so a test mail is a 409 for them).
  'GET /api/admin/backups/plans': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['backups:manage'] },
  'POST /api/admin/backups/plans': {
    body: () => ({ ...PLAN, name: `matrix-${++planCount}` }), expected: globalAdminOnly(201), forbidden: forbiddenMessages['backups:manage'],
  },
  'GET /api/admin/backups/plans/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => NO_PLAN },
  'PATCH /api/admin/backups/plans/:id': {
    body: () => ({ keep_count: 3 }), expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => NO_PLAN,
  },
  'DELETE /api/admin/backups/plans/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => NO_PLAN },
  'GET /api/admin/backups/schedule-preview': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['backups:manage'] },
  'POST /api/admin/backups/plans/:id/run': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => NO_PLAN },
  'GET /api/admin/backups/runs': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['backups:manage'] },
  'GET /api/admin/backups/runs/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such backup run' },
  'GET /api/admin/backups/runs/:id/archive': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such backup run' },
  'DELETE /api/admin/backups/runs/:id/archive': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such backup run' },
  'POST /api/admin/backups/runs/:id/cancel': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such backup run' },
  'GET /api/admin/restores': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['backups:manage'] },
  'POST /api/admin/restores': { body: () => ({ run_id: 999_999 }), expected: globalAdminOnly(422), forbidden: forbiddenMessages['backups:manage'] },
  'POST /api/admin/restores/upload': { expected: globalAdminOnly(422), forbidden: forbiddenMessages['backups:manage'] },
  'GET /api/admin/restores/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such restore' },
  'POST /api/admin/restores/:id/apply': {
    body: () => ({ confirm: 'x' }), expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such restore',
  },
  'DELETE /api/admin/restores/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['backups:manage'], notFound: () => 'No such restore' },
  'GET /api/admin/mail': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'] },
  'POST /api/admin/mail/test': { body: () => ({}), expected: globalAdminOnly(409), forbidden: forbiddenMessages['settings:manage'] },
  // Sign-in providers and SSO-only mode: global admins only (the :id is one no provider has: 404 for them).
  'GET /api/admin/sign-in-providers': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'] },
  'POST /api/admin/sign-in-providers': {
    body: () => ({
      slug: `matrix-${++providerCount}`, kind: 'gitea', name: 'Gitea',
      settings: { client_id: 'tarmac', allowed_organizations: [], admin_organizations: [] },
    }),
    expected: globalAdminOnly(201), forbidden: forbiddenMessages['settings:manage'],
  },
  'GET /api/admin/sign-in-providers/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['settings:manage'], notFound: () => NO_PROVIDER },
  'PUT /api/admin/sign-in-providers/:id': {
    body: () => ({ name: 'Renamed' }), expected: globalAdminOnly(404), forbidden: forbiddenMessages['settings:manage'], notFound: () => NO_PROVIDER,
  },
  'DELETE /api/admin/sign-in-providers/:id': { expected: globalAdminOnly(404), forbidden: forbiddenMessages['settings:manage'], notFound: () => NO_PROVIDER },
  'POST /api/admin/sign-in-providers/:id/test': {
    body: () => ({}), expected: globalAdminOnly(404), forbidden: forbiddenMessages['settings:manage'], notFound: () => NO_PROVIDER,
  },
  'GET /api/admin/sign-in-settings': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'] },
  'PUT /api/admin/sign-in-settings': {
    body: () => ({ password_sign_in_enabled: true }), expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'],
  },
  // The settings screen: global admins only (the :key is no setting: 404 for them).
  'GET /api/admin/settings': { expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'] },
  'PUT /api/admin/settings': { body: () => ({ site_title: 'Matrix' }), expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'] },
  'DELETE /api/admin/settings/:key': {
    expected: globalAdminOnly(404), forbidden: forbiddenMessages['settings:manage'], notFound: () => 'There is no setting :key',
  },
  'POST /api/admin/settings/check-url': { body: () => ({}), expected: globalAdminOnly(200), forbidden: forbiddenMessages['settings:manage'] },
};

let server: TestServer;
let users: Record<ActorName | 'candidate', TestUser>;

beforeAll(async () => {
  server = await startServer();
  const made: Partial<Record<ActorName | 'candidate', TestUser>> = {};
  for (const actor of ACTORS) made[actor] = await server.newUser({ role: WHO[actor].role });
  made.candidate = await server.newUser();
  users = made as Record<ActorName | 'candidate', TestUser>;
});
afterAll(() => server.close());

/** A fresh app whose team is the owner, collabAdmin, collabDeveloper and collabMember, with one debug file. */
async function fixture() {
  const tc = await newApp(server, { ownerId: users.owner.id });
  await addCollaborator(server, tc.appId, users.collabAdmin.id, 'admin');
  await addCollaborator(server, tc.appId, users.collabDeveloper.id, 'developer');
  await addCollaborator(server, tc.appId, users.collabMember.id, 'member');
  const uuid = randomUUID();
  const fileKey = `debug-files/${uuid}/mapping.zip`;
  await server.services.storage.putBuffer(fileKey, Buffer.from('zip bytes'));
  const timestamp = now();
  const file = await server.database.db
    .insertInto('debug_files')
    .values({
      app_id: tc.appId,
      channel_id: tc.channelId,
      device_type: 'android',
      category: 'proguard',
      release_version: '1.0',
      build_version: '1',
      version_key: 'v',
      file_key: fileKey,
      file_name: 'mapping.zip',
      size: 9,
      checksum: 'f'.repeat(64),
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.database.db
    .insertInto('debug_file_entries')
    .values({ debug_file_id: file.id, uuid, arch: 'proguard', main: true, size: 9, files: '[]', created_at: timestamp })
    .execute();
  const hook = await server.database.db
    .insertInto('webhooks')
    .values({
      scope: 'channel', channel_id: tc.channelId, name: '', provider: 'slack', url: 'v1.sealed', url_masked: 'https://hooks.slack.com/••••', secret: null,
      keyword: null, format: null, template: null, events: '["upload"]', enabled: true, created_by: null, created_at: timestamp, updated_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.database.db.insertInto('webhook_channels').values({ webhook_id: hook.id, channel_id: tc.channelId, created_at: timestamp }).execute();
  const deliveryId = randomUUID();
  await server.database.db
    .insertInto('webhook_deliveries')
    .values({ id: deliveryId, webhook_id: hook.id, event_id: null, event: 'test', channel_id: tc.channelId, release_id: null, title: 'Test',
      body: '{}', state: 'failed', created_at: timestamp })
    .execute();
  const subscriber = await server.database.db
    .insertInto('channel_subscribers')
    .values({
      channel_id: tc.channelId, email: 'team@example.com', locale: 'en', state: 'active', source: 'team',
      unsubscribe_token_hash: randomUUID(), added_by: null, created_at: timestamp, confirmed_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...tc, debugFileId: file.id, uuid, webhookId: hook.id, deliveryId, subscriberId: subscriber.id };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** The route's URL with its params pointing into the fixture; :user_id is the collaborator member. */
function fill(url: string, tc: Fixture): string {
  const idOf = url.startsWith('/api/schemes/')
    ? tc.schemeId
    : url.startsWith('/api/channels/')
      ? tc.channelId
      : url.startsWith('/api/debug_files/')
        ? tc.debugFileId
        : url.startsWith('/api/webhooks/')
          ? tc.webhookId
          : tc.appId;
  return url
    .replace(':app_id', String(tc.appId))
    .replace(':scheme_id', String(tc.schemeId))
    .replace(':user_id', String(users.collabMember.id))
    .replace(':uuid', tc.uuid)
    .replace(':delivery_id', tc.deliveryId)
    .replace(':subscriber_id', String(tc.subscriberId))
    .replace(':name', 'jobs.prune')
    .replace(':id', url.startsWith('/api/admin/jobs/') || url.startsWith('/api/admin/backups/') ? NO_JOB_ID : String(idOf))
    .replace(/\/schedule-preview$/, '/schedule-preview?spec=every%206h')
    // The candidate search needs 3+ characters of a username (test users are user<n>_<pid>).
    .replace(/\/collaborators\/candidates$/, '/collaborators/candidates?q=user');
}

describe('the permission matrix', () => {
  it('has a row for every route under /api/apps, /api/schemes, /api/channels, /api/debug_files, /api/webhooks and /api/admin', () => {
    const served = server.routes
      .filter((route) => /^\/api\/(apps|schemes|channels|debug_files|webhooks|admin)(\/|$)/.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !CHANNEL_KEY_ROUTES.has(route))
      .sort();
    expect(served).toEqual(Object.keys(MATRIX).sort());
    // Guest mode's read routes (docs/guest-mode.md) are optional; route-auth.test.ts proves them 401 with guest mode off.
    const guest = new Set(['GET /api/apps', 'GET /api/apps/:id', 'GET /api/channels/:id/releases', 'GET /api/channels/:id/releases/facets']);
    for (const route of served) {
      expect(server.routes.find((r) => `${r.method} ${r.url}` === route)?.auth, route).toBe(guest.has(route) ? 'optional' : 'user');
    }
  });

  it('agrees with the policy module for every per-app row', () => {
    for (const [route, row] of Object.entries(MATRIX)) {
      if (!row.action) continue;
      const byPolicy = Object.fromEntries(
        ACTORS.map((actor) => {
          const decision = decideOnApp({ userId: 1, role: WHO[actor].role }, WHO[actor].membership, row.action!);
          return [actor, decision === 'allow' ? row.expected.globalAdmin : decision === 'forbidden' ? 403 : 404];
        }),
      );
      expect(byPolicy, route).toEqual(row.expected);
    }
  });
});

describe.each(Object.entries(MATRIX))('%s', (route, row) => {
  const [method, url] = route.split(' ') as [string, string];

  it.each(ACTORS)('answers %s as the matrix says', async (actor) => {
    const tc = await fixture();
    const res = await api(server, fill(url, tc), { method, token: users[actor].token, json: row.body?.(users) });
    const expected = row.expected[actor];
    expect([actor, res.status], res.text).toEqual([actor, expected]);
    if (expected === 404) expect(res.body).toMatchObject({ error: row.notFound?.(tc) ?? 'Record not found' });
    if (expected === 403) expect(res.body).toMatchObject({ error: row.forbidden ?? appForbiddenMessages[row.action!] });
  });
});
