// Credentials never reach the log. The request log writes every URL, and the links Tarmac
// hands out carry credentials in their query: channel grants (`?grant=`, install pages,
// downloads, manifests), debug-file signatures (`?expires=…&signature=…`), channel keys and
// tokens. A real server at trace level is sent each of them (valid ones, on the routes that
// take them, and to paths that fail), and its whole log stream is searched for the secrets.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrants } from '../src/auth/grants.ts';
import { createLogger, redactText, redactUrl } from '../src/logger.ts';
import { createDownloadSigner } from '../src/modules/debug-files/fns.ts';
import { newApp, storedRelease } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'trace' });
  admin = await server.newUser({ role: 'admin' });
});
afterAll(() => server.close());

interface LogLine {
  msg?: string;
  req?: { url: string };
}

function requestUrls(lines: string[]): string[] {
  return lines.map((line) => JSON.parse(line) as LogLine).flatMap((line) => (line.msg === 'incoming request' && line.req ? [line.req.url] : []));
}

describe('the request log', () => {
  it('holds no channel grant, link signature, channel key, token or password, whatever the route answers', async () => {
    const channel = await newApp(server, { ownerId: admin.id });
    await storedRelease(server, channel.channelId, 1);
    const release = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channel.channelId).executeTakeFirstOrThrow();
    const grant = createGrants(
      server.config.secretKey,
      server.config.channelGrantHours,
    ).issue({ id: channel.channelId, password_hash: null }).token;
    const link = createDownloadSigner(server.config.secretKey).sign({ id: 1, checksum: 'f'.repeat(64) });
    const start = server.logs.length;

    const sent = [
      `/${channel.slug}?grant=${grant}`,
      `/download/releases/${release.id}?grant=${grant}`,
      `/download/releases/${release.id}/app.apk?grant=${grant}`,
      `/download/releases/999999?grant=${grant}`,
      `/download/debug_files/1?expires=${link.expires}&signature=${link.signature}`,
      `/download/debug_files/1/x.zip?expires=${link.expires}&signature=${link.signature}`,
      `/api/apps/latest?channel_key=${channel.key}&release_version=1.0`,
      `/api/debug_files/download?api_key=api-key-secret-1&X-Amz-Signature=amz-signature-secret-1&refresh_token=refresh-secret-1`,
      `/api/debug_files/download?channel_key=${channel.key}&release_version=9`,
      `/api/channels/%ff?token=${admin.token}&grant=${grant}`,
      `/no/such/page?grant=${grant}&key=${channel.key}`,
      `/api/user?token=${admin.token}`,
    ];
    for (const url of sent) expect((await api(server, url)).status, url).toBeLessThan(500);
    expect((await api(server, `/${channel.slug}/unlock?grant=${grant}`, { method: 'POST', form: { password: 'channel-password-secret-1' } })).status).toBeLessThan(500);
    const change = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { password: 'new-password-secret-1', current_password: 'current-password-secret-1' } });
    expect(change.status).toBe(422);

    const text = server.logs.slice(start).join('\n');
    const secrets = [grant, link.signature, channel.key, admin.token, 'api-key-secret-1', 'amz-signature-secret-1', 'refresh-secret-1', 'channel-password-secret-1', 'new-password-secret-1', 'current-password-secret-1'];
    for (const secret of secrets) expect(text, secret).not.toContain(secret);

    // The requests are still there, with everything but the credentials.
    const urls = requestUrls(server.logs.slice(start));
    expect(urls).toContain(`/${channel.slug}?grant=[REDACTED]`);
    expect(urls).toContain(`/download/debug_files/1?expires=[REDACTED]&signature=[REDACTED]`);
    // (The version checks log at warn only: GET /api/apps/latest is not in this list.)
    expect(urls).toContain(`/api/debug_files/download?channel_key=[REDACTED]&release_version=9`);
    expect(urls).toContain('/api/debug_files/download?api_key=[REDACTED]&X-Amz-Signature=[REDACTED]&refresh_token=[REDACTED]');
    expect(urls).toContain(`/api/channels/%ff?token=[REDACTED]&grant=[REDACTED]`);
  });
});

describe('error logs', () => {
  it('redact credentials in an error message, stack or database detail that quotes them', () => {
    const lines: string[] = [];
    const logger = createLogger(
      { logLevel: 'info', logFormat: 'json' },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString());
          callback();
        },
      }),
    );
    const error = Object.assign(new Error('fetch https://files.example/x.zip?X-Amz-Signature=abc123secret&X-Amz-Expires=900 failed'), {
      detail: 'Key (key)=(chan-key-secret) already exists.',
    });
    logger.error({ err: error }, 'request failed');
    const text = lines.join('');
    for (const secret of ['abc123secret', 'chan-key-secret']) expect(text).not.toContain(secret);
    const line = JSON.parse(lines[0]!) as { err: { message: string; detail: string } };
    expect(line.err.message).toBe('fetch https://files.example/x.zip?X-Amz-Signature=[REDACTED]&X-Amz-Expires=900 failed');
    expect(line.err.detail).toBe('Key (key)=([REDACTED]) already exists.');
  });

  it('leave what is not a credential alone', () => {
    expect(redactUrl('/api/apps/latest?release_version=1.0&build_version=2&q=keyboard')).toBe('/api/apps/latest?release_version=1.0&build_version=2&q=keyboard');
    expect(redactText('Key (slug)=(beta) already exists; see /p?lang=en&page=2')).toBe('Key (slug)=(beta) already exists; see /p?lang=en&page=2');
    expect(redactUrl('/p?%67rant=x&Signature=y&sig=z&channel%5Fkey=k')).toBe('/p?%67rant=[REDACTED]&Signature=[REDACTED]&sig=[REDACTED]&channel%5Fkey=[REDACTED]');
  });
});
