// The audit lines added after the first audit round, through the real API on the engine of
// DATABASE_URL: a sign-in refused by the throttle (429) is a session.sign_in_failed with reason
// `throttled`; an invitation accepted by an account that already existed is invitation.accept
// by that account; an administrator's Run now of a recurring job is schedule.run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineUnderTest } from './helpers/database.ts';
import { newApp } from './helpers/factories.ts';
import { api, signIn, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

let server: TestServer;
let smtp: TestSmtpServer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ ...mailEnv(smtp), TARMAC_MAX_FAILED_ATTEMPTS: '2' });
  admin = await server.newUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function lines(action: string): Promise<Record<string, any>[]> {
  const response = await api<Record<string, any>[]>(server, `/api/admin/audit-events?action=${action}&per_page=100`, { token: admin.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe(`audit lines of throttled sign-ins, accepted invitations and Run now on ${engineUnderTest()}`, () => {
  it('session.sign_in_failed with reason throttled for a 429, even with the right password', async () => {
    const user = await server.newUser();
    const attempt = (password: string) => api(server, '/api/session', { method: 'POST', json: { login: user.username, password } });
    expect((await attempt('wrong password 1')).status).toBe(401);
    expect((await attempt('wrong password 2')).status).toBe(401);
    const refused = await attempt(user.password);
    expect(refused.status).toBe(429);
    const mine = (await lines('session.sign_in_failed')).filter((line) => line.actor_name === user.username);
    expect(mine.map((line) => (line.details as { reason: string }).reason)).toEqual(['throttled', 'auth.invalid_credentials', 'auth.invalid_credentials']);
    expect(mine[0]).toMatchObject({
      outcome: 'failure', actor_id: null, actor_via: 'anonymous', ip: '127.0.0.1',
      details: { method: 'password', reason: 'throttled', retry_after: expect.any(Number) },
    });
    expect(mine[0]!.details.retry_after).toBeGreaterThan(0);
    expect(JSON.stringify(mine[0])).not.toContain(user.password);
  });

  it('invitation.accept when a signed-in account accepts (a new account writes user.create instead)', async () => {
    const member = await server.newUser();
    const { appId } = await newApp(server, { name: 'Audited', ownerId: admin.id });
    const before = smtp.messages.length;
    const invited = await api(server, '/api/invitations', {
      method: 'POST', token: admin.token, json: { email: member.email, memberships: [{ app_id: appId, role: 'developer' }] },
    });
    expect(invited.status, invited.text).toBe(201);
    let text = '';
    for (let i = 0; i < 100 && !text; i += 1) {
      text = smtp.messages.slice(before).find((mail) => mail.envelope.to.includes(member.email))?.text ?? '';
      if (!text) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const key = decodeURIComponent(/\/invitations\/accept\?key=([^\s"<&]+)/.exec(text)![1]!);
    expect(await lines('invitation.accept')).toEqual([]);
    const session = await signIn(server, member.username, member.password);
    const accepted = await api(server, '/api/invitations/accept', {
      method: 'POST', json: { key }, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const [line, ...rest] = await lines('invitation.accept');
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      outcome: 'success', actor_id: member.id, actor_name: member.username, actor_via: 'session',
      target_type: 'invitation', target_id: String(invited.body.invitation.id), target_name: member.email,
      details: { user_id: member.id, redirect_to: `/apps/${appId}` },
    });
  });

  it('schedule.run for Run now, naming the job it queued; an unknown job writes nothing', async () => {
    const res = await api<{ job_id: string }>(server, '/api/admin/schedules/jobs.prune/run', { method: 'POST', token: admin.token });
    expect(res.status, res.text).toBe(202);
    expect((await api(server, '/api/admin/schedules/no.such/run', { method: 'POST', token: admin.token })).status).toBe(404);
    const all = await lines('schedule.run');
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      outcome: 'success', actor_id: admin.id, actor_name: admin.username, actor_via: 'token',
      target_type: 'schedule', target_id: 'jobs.prune', target_name: 'jobs.prune', details: { job_id: res.body.job_id },
    });
  });
});
