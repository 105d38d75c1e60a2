// `tarmac mail test ADDRESS`, run as an operator runs it, against a real local SMTP server: a
// working configuration delivers the test message; a wrong password, no server and no mail
// settings each exit 1 with the reason and what to check.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliScript } from './helpers/process.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';

let smtp: TestSmtpServer;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-mail-cli-'));

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: 'ops', password: 'right-password' } });
});
afterAll(() => smtp.close());

/** Runs the CLI without blocking this process, whose SMTP server must answer it. */
function tarmac(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cliScript, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TARMAC_DATA_DIR: dataDir, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

const from = { TARMAC_MAIL_FROM: 'Tarmac <tarmac@example.com>', TARMAC_URL: 'https://tarmac.example.com' };

describe('tarmac mail test', () => {
  it('sends the test message through the configured server', async () => {
    const result = await tarmac(['mail', 'test', 'ops@example.com'], { TARMAC_SMTP_URL: `smtp://ops:right-password@127.0.0.1:${smtp.port}`, ...from });
    expect(result.stderr).toContain('Sent a test message to ops@example.com from tarmac@example.com');
    expect(result.status).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.envelope.to).toEqual(['ops@example.com']);
    expect(smtp.messages[0]!.headers.get('subject')).toBe('Tarmac test message');
    expect(smtp.messages[0]!.text).toContain('https://tarmac.example.com');
  });

  it('sends it in the default locale', async () => {
    const env = { TARMAC_SMTP_URL: `smtp://ops:right-password@127.0.0.1:${smtp.port}`, TARMAC_DEFAULT_LOCALE: 'zh-CN', ...from };
    const result = await tarmac(['mail', 'test', 'zh@example.com'], env);
    expect(result.status).toBe(0);
    expect(smtp.messages.at(-1)!.headers.get('subject')).toBe('Tarmac 测试邮件');
  });

  it('says the password was refused, and never prints it', async () => {
    const result = await tarmac(['mail', 'test', 'ops@example.com'], { TARMAC_SMTP_URL: `smtp://ops:wrong-secret@127.0.0.1:${smtp.port}`, ...from });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Failed (auth-failed)');
    expect(result.stderr).toContain('check the user and password in TARMAC_SMTP_URL');
    expect(result.stderr).not.toContain('wrong-secret');
  });

  it('says the server cannot be reached', async () => {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    await new Promise((resolve) => listener.close(resolve));
    const result = await tarmac(['mail', 'test', 'ops@example.com'], { TARMAC_SMTP_URL: `smtp://127.0.0.1:${port}?timeout=2`, ...from });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Failed (unreachable)');
  });

  it('refuses a wrong address, and says when mail is not configured', async () => {
    const bad = await tarmac(['mail', 'test', 'not an address'], { TARMAC_SMTP_URL: `smtp://ops:right-password@127.0.0.1:${smtp.port}`, ...from });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Not sent (invalid-recipient)');
    const off = await tarmac(['mail', 'test', 'ops@example.com'], {});
    expect(off.status).toBe(1);
    expect(off.stderr).toContain('Mail is not configured: set TARMAC_SMTP_URL and TARMAC_MAIL_FROM');
    const usage = await tarmac(['mail', 'test'], {});
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Usage: tarmac mail test ADDRESS');
  });

  it('names a wrong TARMAC_SMTP_URL', async () => {
    const result = await tarmac(['mail', 'test', 'ops@example.com'], { TARMAC_SMTP_URL: 'mailto:ops@example.com', ...from });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: TARMAC_SMTP_URL must start with smtp:// or smtps://');
  });
});
