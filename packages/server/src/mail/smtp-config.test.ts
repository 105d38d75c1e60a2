// TARMAC_SMTP_URL and TARMAC_MAIL_FROM as start-up reads them: what each URL shape gives, and
// every wrong value stopping start-up with the variable's name (never echoing a password).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'tarmac-mail-config-'));
const load = (env: Record<string, string>) => loadConfig({ TARMAC_DATA_DIR: dir, ...env });
const FROM = { TARMAC_MAIL_FROM: 'tarmac@example.com' };

function refusal(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('mail configuration', () => {
  it('is off (no mailer) when TARMAC_SMTP_URL is unset', () => {
    expect(load({}).mail).toBeNull();
  });

  it('reads smtp:// with STARTTLS when offered, port 587, user and password percent-decoded', () => {
    const { mail } = load({ TARMAC_SMTP_URL: 'smtp://apikey:p%40ss%2Fw@smtp.example.com', TARMAC_MAIL_FROM: '"Tarmac Builds" <b@example.com>' });
    expect(mail).toEqual({
      smtp: {
        host: 'smtp.example.com', port: 587, secure: false, starttls: 'auto', user: 'apikey', password: 'p@ss/w', pool: false, timeoutSeconds: 30,
      },
      from: { address: 'b@example.com', name: 'Tarmac Builds' },
    });
  });

  it('reads smtps:// on port 465 and the options', () => {
    expect(load({ TARMAC_SMTP_URL: 'smtps://u:p@mail.example.com?pool=true&timeout=5', ...FROM }).mail?.smtp)
      .toMatchObject({ port: 465, secure: true, pool: true, timeoutSeconds: 5 });
    expect(load({ TARMAC_SMTP_URL: 'smtp://mail.example.com:2525?starttls=required', ...FROM }).mail?.smtp)
      .toMatchObject({ port: 2525, secure: false, starttls: 'required', user: undefined, password: undefined });
    expect(load({ TARMAC_SMTP_URL: 'smtp://127.0.0.1:25?starttls=never', ...FROM }).mail?.smtp).toMatchObject({ starttls: 'never' });
  });

  it.each([
    ['not a url', 'must be a URL'],
    ['http://smtp.example.com', 'must start with smtp:// or smtps://'],
    ['smtp://smtp.example.com/path', 'must not have a path'],
    ['smtp://smtp.example.com?tls=yes', 'unknown option "tls"'],
    ['smtp://smtp.example.com?starttls=maybe', 'starttls must be'],
    ['smtps://smtp.example.com?starttls=required', 'applies to smtp:// only'],
    ['smtp://smtp.example.com?pool=1', 'pool must be true or false'],
    ['smtp://smtp.example.com?timeout=0', 'timeout must be'],
    ['smtp://smtp.example.com?timeout=abc', 'timeout must be'],
    ['smtp://user:bad%zzsecret@smtp.example.com', 'badly percent-encoded'],
  ])('refuses TARMAC_SMTP_URL=%s at start-up, naming the variable', (url, expected) => {
    const error = refusal({ TARMAC_SMTP_URL: url, ...FROM });
    expect(error.variable).toBe('TARMAC_SMTP_URL');
    expect(error.message).toContain('TARMAC_SMTP_URL');
    expect(error.message).toContain(expected);
    expect(error.message).not.toContain('secret');
  });

  it('needs TARMAC_MAIL_FROM with TARMAC_SMTP_URL, and a single address in it', () => {
    expect(refusal({ TARMAC_SMTP_URL: 'smtp://smtp.example.com' }).variable).toBe('TARMAC_MAIL_FROM');
    for (const from of ['tarmac', 'a@b.com, c@d.com', 'Name <a@b.com', 'a@b.com\nBcc: x@y.com', '<>']) {
      const error = refusal({ TARMAC_SMTP_URL: 'smtp://smtp.example.com', TARMAC_MAIL_FROM: from });
      expect(error.variable, from).toBe('TARMAC_MAIL_FROM');
    }
    // A wrong sender is refused even before SMTP is configured.
    expect(refusal({ TARMAC_MAIL_FROM: 'nobody' }).variable).toBe('TARMAC_MAIL_FROM');
  });
});
