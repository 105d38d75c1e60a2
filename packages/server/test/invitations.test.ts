// Invitations by email, over HTTP on a real server and database with a real SMTP server: an
// administrator invites anyone into any apps; an app's administrator only into apps they
// administer, as member or developer, never above their own role. The mailed link creates the
// account whatever the registration policy (closed here), with the invited email counted as
// confirmed, joins the apps (skipping those deleted since) and lands on the first app; an
// address with an account accepts while signed in to it. Revoked, resent (old key), expired
// (fixed clock moved past 7 days) and used links are refused; refusals store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { ReceivedMail, TestSmtpServer } from './helpers/smtp.ts';

let server: TestServer;
let smtp: TestSmtpServer;
let admin: TestUser;
let appAdmin: TestUser;
let member: TestUser;
let appA: number;
let appB: number;
let nowMs = Date.parse('2026-12-01T10:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs).toISOString(), nowMs: () => nowMs };

beforeAll(async () => {
  smtp = await startSmtpServer();
  const env = mailEnv(smtp);
  server = await startServer(env, { clock });
  admin = await server.newUser({ role: 'admin' });
  appAdmin = await server.newUser({ role: 'member' });
  member = await server.newUser();
  appA = (await newApp(server, { name: 'Alpha', ownerId: appAdmin.id })).appId;
  appB = (await newApp(server, { name: 'Bravo', ownerId: admin.id })).appId;
  await addCollaborator(server, appB, appAdmin.id, 'developer');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let sequence = 0;
const nextEmail = () => `invitee${(sequence += 1)}_${process.pid}@example.com`;

const idsOf = (body: unknown) => (body as { id: number }[]).map((item) => item.id);
const invite = (token: string, json: unknown) => api(server, '/api/invitations', { method: 'POST', token, json });
const accept = (json: unknown, headers: Record<string, string> = {}) => api(server, '/api/invitations/accept', { method: 'POST', json, headers });
const lookup = (key: string) => api(server, `/api/invitations/lookup?key=${encodeURIComponent(key)}`);

async function count(table: 'invitations' | 'users' | 'collaborators'): Promise<number> {
  const row = await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

async function mailTo(address: string, before: number): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i += 1) {
    const found = smtp.messages.slice(before).find((mail) => mail.envelope.to.includes(address));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address}`);
}

function keyOf(mail: ReceivedMail): string {
  expect(mail.text).toContain(`${server.config.externalUrl}/invitations/accept?key=`);
  return decodeURIComponent(/\/invitations\/accept\?key=([^\s"<&]+)/.exec(mail.text ?? '')![1]!);
}

/** Invites and answers the mailed key. */
async function invited(token: string, json: Record<string, unknown>): Promise<{ id: number; key: string; mail: ReceivedMail }> {
  const before = smtp.messages.length;
  const res = await invite(token, json);
  expect(res.status, res.text).toBe(201);
  expect(res.body.mail_sent).toBe(true);
  const mail = await mailTo(json.email as string, before);
  return { id: res.body.invitation.id, key: keyOf(mail), mail };
}

describe('an administrator invites a new person', () => {
  it('mails a link that creates the account (sign-up closed), joins the apps and lands on the first', async () => {
    expect((await api(server, '/api/settings/public')).body).toMatchObject({ registration_policy: 'closed' });
    const email = nextEmail();
    const memberships = [{ app_id: appB, role: 'developer' }, { app_id: appA, role: 'member' }];
    const { id, key, mail } = await invited(admin.token, { email, role: 'developer', memberships });
    expect(mail.headers.get('subject')).toBe(`${admin.username} invited you to Tarmac`);
    expect(mail.text).toContain('Alpha');

    const looked = await lookup(key);
    expect(looked.status).toBe(200);
    expect(looked.body).toEqual({
      email, role: 'developer', inviter: admin.username, apps: ['Bravo', 'Alpha'], expires_at: '2026-12-08T10:00:00.000Z', account_exists: false,
    });

    const res = await accept({ key, username: `new${sequence}_${process.pid}`, password: 'a-good-password', locale: 'zh-CN' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ redirect_to: `/apps/${appB}`, user: { email, role: 'developer', locale: 'zh-CN' } });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await api(server, '/api/session', { headers: { cookie } })).body.user.email).toBe(email);
    const roles = await server.database.db.selectFrom('collaborators').select(['app_id', 'role']).where('user_id', '=', res.body.user.id)
      .orderBy('app_id').execute();
    expect(roles).toEqual([{ app_id: appA, role: 'member' }, { app_id: appB, role: 'developer' }]);
    // Counted as confirmed: the password signs in.
    await signIn(server, email, 'a-good-password');

    const listed = await api(server, '/api/invitations?state=accepted', { token: admin.token });
    expect((listed.body as { id: number }[]).find((i) => i.id === id)).toMatchObject({ state: 'accepted', accepted_user_id: res.body.user.id });
    // The link worked once.
    const users = await count('users');
    expect((await accept({ key, username: 'again_someone', password: 'a-good-password' })).status).toBe(404);
    expect((await lookup(key)).status).toBe(404);
    expect(await count('users')).toBe(users);
  });

  it('refuses a taken username or a bad password with 422, and the link still works', async () => {
    const email = nextEmail();
    const { key } = await invited(admin.token, { email });
    const users = await count('users');
    const taken = await accept({ key, username: member.username, password: 'a-good-password' });
    expect(taken.status).toBe(422);
    expect(taken.body.details).toEqual({ username: ['has already been taken'] });
    const weak = await accept({ key, username: 'fresh_name', password: 'short' });
    expect(weak.status).toBe(422);
    expect((await accept({ key })).status).toBe(422);
    expect(await count('users')).toBe(users);
    const ok = await accept({ key, username: `fresh${process.pid}`, password: 'a-good-password' });
    expect(ok.status).toBe(201);
    expect(ok.body.redirect_to).toBe('/');
    expect(ok.body.user.role).toBe('member');
  });
});

describe("an app's administrator", () => {
  it('invites into apps they administer, as member or developer at most their own role', async () => {
    const { key } = await invited(appAdmin.token, { email: nextEmail(), memberships: [{ app_id: appA, role: 'developer' }] });
    expect((await lookup(key)).body).toMatchObject({ role: 'member', apps: ['Alpha'], inviter: appAdmin.username });
  });

  it("cannot invite into others' apps, as admin, above their role or into no app, and nothing is stored", async () => {
    const before = await count('invitations');
    const mails = smtp.messages.length;
    const refusals: [TestUser, Record<string, unknown>][] = [
      [appAdmin, { email: nextEmail(), memberships: [{ app_id: appB, role: 'member' }] }],
      [appAdmin, { email: nextEmail(), memberships: [{ app_id: appA, role: 'member' }, { app_id: appB, role: 'member' }] }],
      [appAdmin, { email: nextEmail(), memberships: [{ app_id: 999999, role: 'member' }] }],
      [appAdmin, { email: nextEmail(), role: 'admin', memberships: [{ app_id: appA, role: 'member' }] }],
      [appAdmin, { email: nextEmail(), role: 'developer', memberships: [{ app_id: appA, role: 'member' }] }],
      [appAdmin, { email: nextEmail() }],
      [member, { email: nextEmail() }],
      [member, { email: nextEmail(), memberships: [{ app_id: appA, role: 'member' }] }],
    ];
    for (const [who, json] of refusals) {
      const res = await invite(who.token, json);
      expect(res.status, JSON.stringify(json)).toBe(403);
      expect(res.body).toMatchObject({ code: 'invitation.not_allowed' });
    }
    expect(await count('invitations')).toBe(before);
    expect(smtp.messages.length).toBe(mails);
  });

  it('lists the invitations they sent and those for their apps, not the others', async () => {
    const forB = await invited(admin.token, { email: nextEmail(), memberships: [{ app_id: appB, role: 'member' }] });
    const forA = await invited(admin.token, { email: nextEmail(), memberships: [{ app_id: appA, role: 'member' }] });
    const theirs = await api(server, '/api/invitations?per_page=100', { token: appAdmin.token });
    expect(theirs.status).toBe(200);
    const ids = idsOf(theirs.body);
    expect(ids).toContain(forA.id);
    expect(ids).not.toContain(forB.id);
    expect(theirs.headers.get('x-total-count')).toBe(String(ids.length));
    // Nor can they revoke or resend it.
    expect((await api(server, `/api/invitations/${forB.id}`, { method: 'DELETE', token: appAdmin.token })).status).toBe(404);
    expect((await api(server, `/api/invitations/${forB.id}/resend`, { method: 'POST', token: appAdmin.token })).status).toBe(404);
    const all = await api(server, '/api/invitations?per_page=100', { token: admin.token });
    expect(idsOf(all.body)).toEqual(expect.arrayContaining([forA.id, forB.id]));
    expect((await api(server, '/api/invitations', { token: member.token })).body).toEqual([]);
  });
});

describe('revoking, resending and expiry', () => {
  it('a revoked link is refused, and revoking twice answers 409', async () => {
    const { id, key } = await invited(admin.token, { email: nextEmail() });
    const revoked = await api(server, `/api/invitations/${id}`, { method: 'DELETE', token: admin.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    expect((await lookup(key)).status).toBe(404);
    const users = await count('users');
    expect((await accept({ key, username: 'revoked_one', password: 'a-good-password' })).status).toBe(404);
    expect(await count('users')).toBe(users);
    const again = await api(server, `/api/invitations/${id}`, { method: 'DELETE', token: admin.token });
    expect(again.status).toBe(409);
    expect((await api(server, `/api/invitations/${id}/resend`, { method: 'POST', token: admin.token })).status).toBe(409);
  });

  it('resending mails a new key and the old one dies; an expired link is refused', async () => {
    const email = nextEmail();
    const { id, key: first } = await invited(admin.token, { email });
    const before = smtp.messages.length;
    const resent = await api(server, `/api/invitations/${id}/resend`, { method: 'POST', token: admin.token });
    expect(resent.status).toBe(200);
    const second = keyOf(await mailTo(email, before));
    expect(second).not.toBe(first);
    expect((await lookup(first)).status).toBe(404);
    expect((await lookup(second)).status).toBe(200);

    nowMs += 8 * 86_400_000;
    expect((await lookup(second)).status).toBe(404);
    expect((await accept({ key: second, username: 'late_one', password: 'a-good-password' })).status).toBe(404);
    const expired = await api(server, '/api/invitations?state=expired&per_page=100', { token: admin.token });
    expect(idsOf(expired.body)).toContain(id);
    const pending = await api(server, '/api/invitations?state=pending&per_page=100', { token: admin.token });
    expect(idsOf(pending.body)).not.toContain(id);
  });
});

describe('an address that has an account', () => {
  it('needs app memberships to be invited, and the mail says to sign in', async () => {
    const refused = await invite(admin.token, { email: member.email.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'invitation.account_exists' });
    const { key, mail } = await invited(admin.token, { email: member.email, memberships: [{ app_id: appA, role: 'developer' }] });
    expect(mail.text).toContain('sign in to see the app');
    expect((await lookup(key)).body).toMatchObject({ account_exists: true });

    // Not signed in: sign in first. Signed in as someone else: refused.
    const anonymous = await accept({ key, username: 'someone_else', password: 'a-good-password' });
    expect(anonymous.status).toBe(409);
    expect(anonymous.body).toMatchObject({ code: 'invitation.sign_in_required' });
    const other = await signIn(server, appAdmin.username, appAdmin.password);
    const wrong = await accept({ key }, { cookie: other.cookie, 'x-csrf-token': other.csrf });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'invitation.email_mismatch' });
    const noCsrf = await accept({ key }, { cookie: other.cookie });
    expect(noCsrf.status).toBe(403);

    const session = await signIn(server, member.username, member.password);
    const res = await accept({ key }, { cookie: session.cookie, 'x-csrf-token': session.csrf });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirect_to: `/apps/${appA}` });
    const held = await server.database.db.selectFrom('collaborators').select('role').where('app_id', '=', appA).where('user_id', '=', member.id)
      .executeTakeFirst();
    expect(held?.role).toBe('developer');
    expect((await accept({ key }, { cookie: session.cookie, 'x-csrf-token': session.csrf })).status).toBe(404);
  });

  it('skips apps deleted since the invitation was sent', async () => {
    const gone = (await newApp(server, { name: 'Gone' })).appId;
    const { key } = await invited(admin.token, { email: nextEmail(), memberships: [{ app_id: gone, role: 'member' }] });
    await server.database.db.deleteFrom('apps').where('id', '=', gone).execute();
    const res = await accept({ key, username: `gone${process.pid}`, password: 'a-good-password' });
    expect(res.status).toBe(201);
    expect(res.body.redirect_to).toBe('/');
  });
});

describe('hostile input', () => {
  it('answers 4xx to malformed bodies and queries, and stores nothing', async () => {
    const [invitations, users, collaborators] = [await count('invitations'), await count('users'), await count('collaborators')];
    const bodies = [
      {}, { email: 'not-an-email' }, { email: nextEmail(), role: 'owner' }, { email: nextEmail(), memberships: [{ app_id: 'x', role: 'member' }] },
      { email: nextEmail(), memberships: [{ app_id: appA, role: 'king' }] }, { email: nextEmail(), memberships: [{ app_id: 0, role: 'member' }] },
      { email: nextEmail(), memberships: 'all' }, { email: nextEmail(), token: 'x' }, { email: 'a'.repeat(300) + '@example.com' },
      { email: nextEmail(), memberships: [{ app_id: 999999, role: 'member' }] },
    ];
    for (const json of bodies) {
      const res = await invite(admin.token, json);
      expect(res.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(json)).toBeLessThan(500);
    }
    for (const path of ['/api/invitations/lookup', '/api/invitations/lookup?key=', `/api/invitations/lookup?key=${'k'.repeat(300)}`]) {
      expect((await api(server, path)).status, path).toBe(422);
    }
    for (const json of [{}, { key: '' }, { key: 5 }, { key: 'k'.repeat(201) }, { key: 'unknown', username: 'x', password: 'y' }, { key: 'a', role: 'admin' }]) {
      const res = await accept(json);
      expect([404, 422], JSON.stringify(json)).toContain(res.status);
    }
    expect((await api(server, '/api/invitations?state=lost', { token: admin.token })).status).toBe(422);
    expect((await api(server, '/api/invitations/abc', { method: 'DELETE', token: admin.token })).status).toBe(422);
    expect((await api(server, '/api/invitations/999999', { method: 'DELETE', token: admin.token })).status).toBe(404);
    expect([await count('invitations'), await count('users'), await count('collaborators')]).toEqual([invitations, users, collaborators]);
  });

  it('refuses to invite while no mail server is configured (409)', async () => {
    const plain = await startServer();
    try {
      const boss = await plain.newUser({ role: 'admin' });
      const res = await api(plain, '/api/invitations', { method: 'POST', token: boss.token, json: { email: 'x@example.com' } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'invitation.mail_not_configured' });
    } finally {
      await plain.close();
    }
  });
});
