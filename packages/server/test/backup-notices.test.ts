// A failed backup run tells people: its plan's notify_url gets a JSON POST (through the webhook
// outbound guard) and every active administrator a mail in their language, over a real SMTP
// server. A cancelled run sends nothing; a notice that cannot be delivered leaves the run failed
// with its own reason, nothing else. The failure here is real: TARMAC_BACKUP_DIR is a file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackupToEnd } from './helpers/backups.ts';
import { startReceiver } from './helpers/receivers.ts';
import type { Receiver } from './helpers/receivers.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';
import { mailEnv, startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

interface Run {
  id: number;
  state: string;
  error: string | null;
}

const PLAN = {
  enabled: false, schedule: null, include_database: true, app_ids: [], include_debug_files: false, destination: 'local', keep_count: 1,
};

describe('backup failure notices', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let receiver: Receiver;
  let admin: TestUser;
  let chinese: TestUser;
  let locked: TestUser;

  beforeAll(async () => {
    const notADirectory = path.join(mkdtempSync(path.join(tmpdir(), 'tarmac-backup-notices-')), 'a-file');
    writeFileSync(notADirectory, 'not a directory');
    smtp = await startSmtpServer();
    receiver = await startReceiver();
    server = await startServer(
      { ...mailEnv(smtp), TARMAC_URL: 'https://tarmac.example.com', TARMAC_BACKUP_DIR: notADirectory, TARMAC_WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1', TARMAC_WEBHOOK_TIMEOUT_SECONDS: '2' },
      { runJobs: true },
    );
    admin = await server.newUser({ role: 'admin' });
    chinese = await server.newUser({ role: 'admin' });
    locked = await server.newUser({ role: 'admin' });
    expect((await api(server, '/api/user', { method: 'PUT', token: chinese.token, json: { locale: 'zh-CN' } })).status).toBe(200);
    await server.database.db.updateTable('users').set({ locked: true }).where('id', '=', locked.id).execute();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    await receiver.close();
  });

  const runToEnd = (planId: number) => runBackupToEnd<Run>(server, admin, planId);

  it('POSTs the failure to notify_url and mails each active administrator in their language', async () => {
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token, json: { ...PLAN, name: 'Doomed', notify_url: `${receiver.url}/backup-hook` },
    });
    expect(plan.status).toBe(201);
    const run = await runToEnd(plan.body.id);
    expect(run.state).toBe('failed');
    expect(run.error).toMatch(/EEXIST|ENOTDIR/);

    await expect.poll(() => receiver.received.length).toBe(1);
    const hook = receiver.received[0]!;
    expect(hook).toMatchObject({ method: 'POST', url: '/backup-hook' });
    expect(hook.headers['content-type']).toContain('application/json');
    expect(hook.headers['x-tarmac-event']).toBe('backup.failed');
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'backup.failed', plan: { id: plan.body.id, name: 'Doomed' }, run: { id: run.id, trigger: 'manual' }, error: run.error,
      url: 'https://tarmac.example.com/admin/backups?tab=runs',
    });

    await expect.poll(() => smtp.messages.length).toBe(2);
    const to = (user: TestUser) => smtp.messages.find((message) => message.envelope.to.includes(user.email));
    expect(to(locked)).toBeUndefined();
    expect(to(admin)!.headers.get('subject')).toBe('Tarmac backup failed: Doomed');
    expect(to(admin)!.text).toContain(run.error!);
    expect(to(admin)!.text).toContain('https://tarmac.example.com/admin/backups?tab=runs');
    expect(to(chinese)!.headers.get('subject')).toBe('Tarmac 备份失败：Doomed');
    expect(to(chinese)!.text).toContain(`备份计划 Doomed 的第 ${run.id} 次运行失败`);
  });

  it('leaves the run failed with its own reason when notify_url cannot be reached', async () => {
    const before = smtp.messages.length;
    const plan = await api<{ id: number }>(server, '/api/admin/backups/plans', {
      method: 'POST', token: admin.token, json: { ...PLAN, name: 'Unheard', notify_url: 'http://127.0.0.1:9/nobody' },
    });
    const run = await runToEnd(plan.body.id);
    expect(run.state).toBe('failed');
    expect(run.error).toMatch(/EEXIST|ENOTDIR/);
    await expect.poll(() => smtp.messages.length).toBe(before + 2);
  });
});
