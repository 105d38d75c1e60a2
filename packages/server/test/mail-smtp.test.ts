// The SMTP mailer against a real SMTP server on 127.0.0.1 (test/helpers/smtp.ts): what arrives
// is what was built, sign-in and STARTTLS work, and every way a send can fail (a wrong address,
// a refused recipient, a wrong password, no server at all) is a classified result, not a throw.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { MailConfig } from '../src/config.ts';
import { createSmtpMailer } from '../src/mail/smtp.ts';
import type { SmtpMailer, SmtpMailerOptions } from '../src/mail/smtp.ts';
import { serverDir } from './helpers/process.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function server(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const started = await startSmtpServer(options);
  cleanup.push(() => started.close());
  return started;
}

/** The mail configuration TARMAC_SMTP_URL and TARMAC_MAIL_FROM give, read as at start-up. */
function mailConfig(url: string, from = 'Tarmac <tarmac@example.com>'): MailConfig {
  const config = loadConfig({ TARMAC_DATA_DIR: '/tmp/tarmac-mail-test', TARMAC_SMTP_URL: url, TARMAC_MAIL_FROM: from });
  return config.mail!;
}

function mailer(url: string, options?: SmtpMailerOptions, from?: string): SmtpMailer {
  const created = createSmtpMailer(mailConfig(url, from), options);
  cleanup.push(() => created.close());
  return created;
}

const message = { to: 'tester@example.com', subject: 'A new build', text: 'Install it.', html: '<p>Install it.</p>' };

describe('the SMTP mailer', () => {
  it('delivers a message with its subject, bodies, sender and recipient as built', async () => {
    const smtp = await server();
    const result = await mailer(`smtp://127.0.0.1:${smtp.port}`).send({ ...message, toName: 'Tess Ter' });
    expect(result).toMatchObject({ ok: true });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelope).toEqual({ from: 'tarmac@example.com', to: ['tester@example.com'] });
    expect(mail!.headers.get('from')).toBe('Tarmac <tarmac@example.com>');
    expect(mail!.headers.get('to')).toBe('Tess Ter <tester@example.com>');
    expect(mail!.headers.get('subject')).toBe('A new build');
    expect(mail!.text).toBe('Install it.');
    expect(mail!.html).toBe('<p>Install it.</p>');
  });

  it('sends a Chinese subject and body intact (UTF-8)', async () => {
    const smtp = await server();
    const subject = '测试应用 的新版本 1.2.0（内测）';
    const result = await mailer(`smtp://127.0.0.1:${smtp.port}`).send({ ...message, subject, text: '点击安装：https://t.example/x' });
    expect(result.ok).toBe(true);
    expect(smtp.messages[0]!.headers.get('subject')).toBe(subject);
    expect(smtp.messages[0]!.text).toBe('点击安装：https://t.example/x');
  });

  it('signs in with the user and password of the URL (percent-encoded), over STARTTLS', async () => {
    const smtp = await server({ auth: { user: 'mailer@example.com', password: 'p@ss:w/rd' }, starttls: true });
    const url = `smtp://mailer%40example.com:p%40ss%3Aw%2Frd@127.0.0.1:${smtp.port}?starttls=required`;
    const result = await mailer(url, { tls: { ca: smtp.cert } }).send(message);
    expect(result).toMatchObject({ ok: true });
    expect(smtp.messages[0]).toMatchObject({ user: 'mailer@example.com', secure: true });
    expect(smtp.logins).toEqual([{ user: 'mailer@example.com', method: 'PLAIN', accepted: true }]);
  });

  it('signs in with AUTH LOGIN when the server offers only that', async () => {
    const smtp = await server({ auth: { user: 'u', password: 'p' }, authMethods: ['LOGIN'] });
    expect(await mailer(`smtp://u:p@127.0.0.1:${smtp.port}`).send(message)).toMatchObject({ ok: true });
    expect(smtp.logins).toEqual([{ user: 'u', method: 'LOGIN', accepted: true }]);
    expect(smtp.messages).toHaveLength(1);
  });

  it('answers tls-failed for a certificate it cannot trust (self-signed), before signing in', async () => {
    const smtp = await server({ auth: { user: 'u', password: 'p' }, starttls: true });
    const result = await mailer(`smtp://u:p@127.0.0.1:${smtp.port}`).send(message);
    expect(result).toMatchObject({ ok: false, failure: 'tls-failed', retryable: false });
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers auth-failed for a wrong password, and nothing is sent', async () => {
    const smtp = await server({ auth: { user: 'mailer', password: 'right' } });
    const result = await mailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`).send(message);
    expect(result).toMatchObject({ ok: false, failure: 'auth-failed', retryable: false });
    expect(JSON.stringify(result)).not.toContain('wrong');
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers tls-failed when STARTTLS is required and the server does not offer it', async () => {
    const smtp = await server();
    const result = await mailer(`smtp://127.0.0.1:${smtp.port}?starttls=required`).send(message);
    expect(result).toMatchObject({ ok: false, failure: 'tls-failed' });
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers recipient-refused when the server refuses the recipient', async () => {
    const smtp = await server({ refuse: ['gone@example.com'] });
    const result = await mailer(`smtp://127.0.0.1:${smtp.port}`).send({ ...message, to: 'gone@example.com' });
    expect(result).toMatchObject({ ok: false, failure: 'recipient-refused', retryable: false });
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers recipient-refused, retryable, when the server says to try again later (4xx)', async () => {
    const smtp = await server({ defer: ['busy@example.com'] });
    const result = await mailer(`smtp://127.0.0.1:${smtp.port}`).send({ ...message, to: 'busy@example.com' });
    expect(result).toMatchObject({ ok: false, failure: 'recipient-refused', retryable: true });
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses an address that is not one mailbox before talking to the server', async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => listener.close(() => resolve())));
    const { port } = listener.address() as AddressInfo;
    const sender = mailer(`smtp://127.0.0.1:${port}`);
    const bad = ['', 'nobody', 'a@b.com, c@d.com', 'a@b.com\r\nBcc: evil@example.com', '<a@b.com>', 'a b@c.com', `${'x'.repeat(250)}@b.com`];
    for (const to of bad) {
      expect(await sender.send({ ...message, to }), JSON.stringify(to)).toMatchObject({ ok: false, failure: 'invalid-recipient' });
    }
    expect(connections).toBe(0);
  });

  it('cannot be made to add a header through the subject or a name', async () => {
    const smtp = await server();
    const sender = mailer(`smtp://127.0.0.1:${smtp.port}`);
    const result = await sender.send({
      ...message,
      toName: 'Tess\r\nBcc: evil@example.com',
      subject: 'Hello\r\nBcc: evil@example.com\nX-Injected: yes',
    });
    expect(result.ok).toBe(true);
    const [mail] = smtp.messages;
    expect(mail!.envelope.to).toEqual(['tester@example.com']);
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('x-injected')).toBe(false);
    expect(mail!.raw).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(mail!.headers.get('subject')).toBe('Hello Bcc: evil@example.com X-Injected: yes');
  });

  it('answers unreachable, retryable, within the timeout when no server listens', async () => {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    await new Promise((resolve) => listener.close(resolve));
    const started = Date.now();
    const result = await mailer(`smtp://127.0.0.1:${port}?timeout=2`).send(message);
    expect(result).toMatchObject({ ok: false, failure: 'unreachable', retryable: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers timeout when the server never greets', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      silent.close(() => resolve());
    }));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const result = await mailer(`smtp://127.0.0.1:${port}?timeout=1`).send(message);
    expect(result).toMatchObject({ ok: false, failure: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('verifies a working configuration without sending', async () => {
    const smtp = await server({ auth: { user: 'u', password: 'p' } });
    expect(await mailer(`smtp://u:p@127.0.0.1:${smtp.port}`).verify()).toMatchObject({ ok: true });
    expect(await mailer(`smtp://u:x@127.0.0.1:${smtp.port}`).verify()).toMatchObject({ ok: false, failure: 'auth-failed' });
    expect(smtp.messages).toHaveLength(0);
  });

  it('reuses one connection when pooled', async () => {
    const smtp = await server();
    const sender = mailer(`smtp://127.0.0.1:${smtp.port}?pool=true`);
    const results = await Promise.all([sender.send(message), sender.send({ ...message, to: 'second@example.com' })]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(smtp.messages.map((m) => m.envelope.to[0]).sort()).toEqual(['second@example.com', 'tester@example.com']);
  });

  it('loads nodemailer on the first message only: the app and a mailer not used yet never import it', () => {
    // A fresh process records every import of 'nodemailer' while it loads the app and the mailer, then sends once.
    const probe = `
      import { registerHooks } from 'node:module';
      const loaded = [];
      registerHooks({ resolve: (spec, context, next) => { if (spec === 'nodemailer') loaded.push(spec); return next(spec, context); } });
      await import('./src/app.ts');
      const { createSmtpMailer } = await import('./src/mail/smtp.ts');
      const smtp = { host: '127.0.0.1', port: 1, secure: false, starttls: 'auto', pool: false, timeoutSeconds: 1 };
      const mailer = createSmtpMailer({ smtp, from: { address: 'tarmac@example.com' } });
      const before = loaded.length;
      const result = await mailer.send({ to: 'tester@example.com', subject: 's', text: 't' });
      console.log(JSON.stringify({ before, after: loaded.length, ok: result.ok }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: serverDir, encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({ before: 0, after: 1, ok: false });
  });
});
