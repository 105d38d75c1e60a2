// The upload path under hostile or unlucky clients (issue 11, findings 1 to 3):
// - channel settings (password, slug, git_url, download_filename_type) sent with an upload
//   need the right PUT /api/channels/{id} needs: an app developer gets 403 naming the field
//   and nothing is stored, wherever the fields sit in the form;
// - nothing is written for a caller not known when the file begins (no header or query token,
//   no token field before the file): the temp folder is watched while the body streams in; a
//   body that trickles or stalls is cut off with 408; anonymous bodies at once are capped;
// - an answer given before the body was read reaches every client: Node's fetch, curl and a
//   raw socket, for 1 MB and 50 MB bodies; past TARMAC_REFUSED_BODY_DRAIN_BYTES the server
//   closes instead of reading on.
import { execFile } from 'node:child_process';
import { watch, readFileSync, writeFileSync } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_FIRST } from '../src/modules/uploads/keyed-upload.ts';
import { addCollaborator, newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
const APK = readFileSync(path.join(FIXTURES, 'android.apk'));
const BOUNDARY = 'tarmac-limits-test';
const MB = 1000 * 1000;

function textPart(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}
const FILE_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="android.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`;

/** A multipart body: the fields, then a file part of `file` (or `fileBytes` zero bytes), then `after` fields. */
function multipart(fields: Record<string, string>, file: Buffer | number, after: Record<string, string> = {}): Buffer {
  const head = Object.entries(fields).map(([k, v]) => textPart(k, v)).join('') + FILE_HEAD;
  const data = typeof file === 'number' ? Buffer.alloc(file) : file;
  const tail = '\r\n' + Object.entries(after).map(([k, v]) => textPart(k, v)).join('') + `--${BOUNDARY}--\r\n`;
  return Buffer.concat([Buffer.from(head), data, Buffer.from(tail)]);
}

const run = promisify(execFile);
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

interface RawResult {
  /** Everything the server sent. */
  response: string;
  /** Body bytes the client managed to write. */
  written: number;
  /** The socket error, if any (EPIPE, ECONNRESET). */
  error?: string;
}

/**
 * POSTs over a raw socket: the headers, then the body in 256 KiB writes (waiting for drain),
 * reading whatever comes back meanwhile; resolves when the server closes.
 */
function rawPost(
  server: TestServer,
  url: string,
  body: Buffer,
  headers: Record<string,
  string> = {},
  options: { pauseAfter?: number } = {},
): Promise<RawResult> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    // Half-open allowed: the server's FIN after an early answer does not stop the writes (as in net/http).
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    let response = '';
    let written = 0;
    let error: string | undefined;
    let done = false;
    let writing = true;
    let serverEnded = false;
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
    // Ending our side only once the server has ended its own: a client's FIN aborts the request in Node's server.
    socket.on('end', () => {
      serverEnded = true;
      if (!writing) socket.end();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => {
      done = true;
      resolve({ response, written, error });
    });
    socket.on('connect', () => void send());
    async function send() {
      const head = Object.entries({ host: '127.0.0.1', 'content-type': CONTENT_TYPE, 'content-length': String(body.length), connection: 'close', ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST ${url} HTTP/1.1\r\n${head}\r\n`);
      const limit = options.pauseAfter ?? body.length;
      for (let at = 0; at < limit && !done && !socket.destroyed; at += 256 * 1024) {
        const slice = body.subarray(at, Math.min(at + 256 * 1024, limit));
        const flushed = socket.write(slice);
        written += slice.length;
        if (!flushed) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      writing = false;
      if (serverEnded) socket.end();
    }
  });
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
}

function jsonOf(raw: string): unknown {
  const at = raw.indexOf('\r\n\r\n');
  return JSON.parse(raw.slice(at + 4));
}

/** Names created in a folder while `run` runs (fs.watch sees a file that lives a millisecond). */
async function createdDuring<T>(dir: string, run: () => Promise<T>): Promise<{ result: T; created: string[] }> {
  await mkdir(dir, { recursive: true });
  const created: string[] = [];
  const watcher: FSWatcher = watch(dir, (_event, name) => {
    if (name) created.push(name);
  });
  try {
    const result = await run();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { result, created };
  } finally {
    watcher.close();
  }
}

async function releaseCount(server: TestServer): Promise<number> {
  return (await server.database.db.selectFrom('releases').select('id').execute()).length;
}

describe('POST /api/apps/upload: channel settings need the channel right (finding 1)', () => {
  let server: TestServer;
  let owner: TestUser;
  let developer: TestUser;
  let channel: TestChannel;
  beforeAll(async () => {
    server = await startServer();
    owner = await server.newUser({ role: 'developer' });
    developer = await server.newUser({ role: 'developer' });
    channel = await newApp(server, { ownerId: owner.id });
    await addCollaborator(server, channel.appId, developer.id, 'developer');
  });
  afterAll(() => server.close());

  const channelRow = () => server.database.db.selectFrom('channels').selectAll().where('id', '=', channel.channelId).executeTakeFirstOrThrow();

  it('PUT /api/channels/{id} refuses the app developer (the rule the upload follows)', async () => {
    const res = await api(server, `/api/channels/${channel.channelId}`, { method: 'PUT', token: developer.token, json: { slug: 'taken-over' } });
    expect(res.status).toBe(403);
  });

  it.each([
    [{ password: 'mine now' }, 'password'],
    [{ slug: 'taken-over' }, 'slug'],
    [{ git_url: 'https://git.example.com/evil.git' }, 'git_url'],
    [{ download_filename_type: 'original_filename' }, 'download_filename_type'],
  ])('answers 403 naming %j sent before the file, and writes nothing', async (fields, name) => {
    const before = await channelRow();
    const { result: res, created } = await createdDuring(path.join(server.dataDir, 'tmp'), () =>
      rawPost(server, '/api/apps/upload', multipart({ token: developer.token, channel_key: channel.key, ...fields }, APK)),
    );
    expect(statusOf(res.response)).toBe(403);
    expect(jsonOf(res.response)).toMatchObject({
      error: `Only the app's administrators can change the channel's settings ("${name}") with an upload: leave this field out, or ask an administrator of the app`,
    });
    expect(created).toEqual([]);
    expect(await releaseCount(server)).toBe(0);
    expect(await channelRow()).toEqual(before);
  });

  it('answers 403 naming every setting sent after the file, and stores nothing', async () => {
    const before = await channelRow();
    const res = await rawPost(server, '/api/apps/upload', multipart({ token: developer.token, channel_key: channel.key }, APK, { password: '', slug: 'after-file', git_url: 'https://x.example/y.git' }));
    expect(statusOf(res.response)).toBe(403);
    expect((jsonOf(res.response) as { error: string }).error).toContain('("slug", "git_url") with an upload: leave these fields out');
    expect(await releaseCount(server)).toBe(0);
    expect(await readdir(path.join(server.dataDir, 'tmp'))).toEqual([]);
    expect(await channelRow()).toEqual(before);
  });

  it("lets the developer upload with the channel's own values (no change) and an empty password on a channel without one", async () => {
    const res = await rawPost(
      server,
      '/api/apps/upload',
      multipart({ token: developer.token, channel_key: channel.key, slug: channel.slug, password: '', download_filename_type: 'version_datetime' }, APK),
    );
    expect(statusOf(res.response)).toBe(201);
    await server.database.db.deleteFrom('releases').execute();
  });

  it("lets the app's admin change them", async () => {
    const res = await rawPost(server, '/api/apps/upload', multipart({ token: owner.token, channel_key: channel.key, password: 'owner says', git_url: 'https://git.example.com/ok.git' }, APK));
    expect(statusOf(res.response)).toBe(201);
    const row = await channelRow();
    expect(row.git_url).toBe('https://git.example.com/ok.git');
    expect(row.password_hash).not.toBeNull();
    // Now the channel has a password: an empty one from the developer would clear it.
    const cleared = await rawPost(server, '/api/apps/upload', multipart({ token: developer.token, channel_key: channel.key, password: '' }, APK));
    expect(statusOf(cleared.response)).toBe(403);
    expect((await channelRow()).password_hash).toBe(row.password_hash);
  });
});

describe('anonymous and slow bodies (finding 2)', () => {
  let server: TestServer;
  let developer: TestUser;
  let channel: TestChannel;
  beforeAll(async () => {
    server = await startServer({
      TARMAC_UPLOAD_GRACE_SECONDS: '1',
      TARMAC_MIN_UPLOAD_RATE_BYTES: '2000',
      TARMAC_BODY_IDLE_TIMEOUT_SECONDS: '2',
      TARMAC_MAX_ANONYMOUS_BODIES: '1',
      TARMAC_HEADERS_TIMEOUT_SECONDS: '1',
    });
    developer = await server.newUser({ role: 'developer' });
    channel = await newApp(server, { ownerId: developer.id });
  });
  afterAll(() => server.close());
  const tempDir = () => path.join(server.dataDir, 'tmp');

  it('answers 401 to a 20 MB file with no token before it, and never creates a temp file', async () => {
    const { result: res, created } = await createdDuring(tempDir(), () =>
      rawPost(server, '/api/apps/upload', multipart({ channel_key: channel.key }, 20 * MB, { token: developer.token })),
    );
    expect(statusOf(res.response)).toBe(401);
    expect(jsonOf(res.response)).toMatchObject({ error: TOKEN_FIRST });
    expect(created).toEqual([]);
    expect(await releaseCount(server)).toBe(0);
  });

  it('answers 401 to an unknown token field before the file, without creating a temp file', async () => {
    const { result: res, created } = await createdDuring(tempDir(), () => rawPost(server, '/api/apps/upload', multipart({ token: 'tmc_unknown' }, 5 * MB)));
    expect(statusOf(res.response)).toBe(401);
    expect(jsonOf(res.response)).toMatchObject({ error: 'Unauthorized user token' });
    expect(created).toEqual([]);
  });

  it('answers 401 when an anonymous body sends more than 64 KiB of fields with no token', async () => {
    const { result: res, created } = await createdDuring(tempDir(), () =>
      rawPost(server, '/api/apps/upload', multipart({ changelog: 'x'.repeat(200 * 1024), token: developer.token }, APK)),
    );
    expect(statusOf(res.response)).toBe(401);
    expect(jsonOf(res.response)).toMatchObject({ error: TOKEN_FIRST });
    expect(created).toEqual([]);
  });

  it('still takes the token field first (fastlane, curl -F), the query token and the header', async () => {
    for (const [body, url, headers] of [
      [multipart({ token: developer.token, channel_key: channel.key }, APK), '/api/apps/upload', {}],
      [multipart({ channel_key: channel.key }, APK), `/api/apps/upload?token=${developer.token}`, {}],
      [multipart({ channel_key: channel.key }, APK), '/api/apps/upload', { authorization: `Bearer ${developer.token}` }],
    ] as const) {
      const res = await rawPost(server, url, body, headers);
      expect(statusOf(res.response)).toBe(201);
    }
    await server.database.db.deleteFrom('releases').execute();
  });

  it('cuts off a body trickled a few bytes at a time with 408, and removes its temp file', async () => {
    const body = multipart({ token: developer.token, channel_key: channel.key }, APK);
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    socket.write(`POST /api/apps/upload HTTP/1.1\r\nhost: x\r\ncontent-type: ${CONTENT_TYPE}\r\ncontent-length: ${body.length}\r\n\r\n`);
    socket.write(body.subarray(0, 600)); // the fields and the start of the file
    let at = 600;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(body.subarray(at, (at += 5)));
    }, 50);
    await closed;
    clearInterval(trickle);
    const seconds = (Date.now() - started) / 1000;
    expect(statusOf(response)).toBe(408);
    expect((jsonOf(response) as { error: string }).error).toContain('arrived too slowly');
    expect(seconds).toBeLessThan(6);
    await expect.poll(() => readdir(tempDir())).toEqual([]);
    expect(await releaseCount(server)).toBe(0);
  });

  it('cuts off a body that stops arriving with 408', async () => {
    const body = multipart({ token: developer.token, channel_key: channel.key }, APK);
    const res = await rawPost(server, '/api/apps/upload', body, {}, { pauseAfter: 60_000 });
    expect(statusOf(res.response)).toBe(408);
    expect((jsonOf(res.response) as { error: string }).error).toContain('stopped arriving (nothing for 2 s)');
    await expect.poll(() => readdir(tempDir())).toEqual([]);
  });

  it('cuts off a JSON body that stops arriving with 408', async () => {
    const res = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let response = '';
      socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
      socket.on('close', () => resolve(response));
      socket.write('POST /api/session HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"login":');
    });
    expect(statusOf(res)).toBe(408);
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const started = Date.now();
    const res = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let response = '';
      socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
      socket.on('close', () => resolve(response));
      socket.write('POST /api/apps/upload HTTP/1.1\r\nhost: x\r\n');
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(statusOf(res)).toBe(408);
  });

  it('answers 503 with Retry-After to an anonymous body while another one holds the only place; a token holder goes through', async () => {
    const { port } = new URL(server.url);
    const first = connect(Number(port), '127.0.0.1');
    first.on('error', () => undefined);
    await new Promise((resolve) => first.once('connect', resolve));
    first.write(`POST /api/session HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"lo`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      const busy = await api(server, '/api/session', { method: 'POST', json: { login: 'nobody', password: 'wrong-password' } });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(busy.body).toMatchObject({ error: 'Too many requests from callers not signed in are sending a body right now: try again in a few seconds' });
      const upload = await rawPost(server, '/api/apps/upload', multipart({ channel_key: channel.key }, APK), { authorization: `Bearer ${developer.token}` });
      expect(statusOf(upload.response)).toBe(201);
    } finally {
      first.destroy();
    }
    // The place is free again once the first body is gone.
    await expect
      .poll(async () => (await api(server, '/api/session', { method: 'POST', json: { login: 'nobody', password: 'wrong-password' } })).status)
      .toBe(401);
  });
});

describe('a declared length over the limit', () => {
  let server: TestServer;
  let developer: TestUser;
  let channel: TestChannel;
  beforeAll(async () => {
    server = await startServer({ TARMAC_MAX_UPLOAD_BYTES: '8MiB' });
    developer = await server.newUser({ role: 'developer' });
    channel = await newApp(server, { ownerId: developer.id });
  });
  afterAll(() => server.close());

  it('is answered 413 from the headers alone, before the body arrives, and nothing is stored', async () => {
    const body = multipart({ token: developer.token, channel_key: channel.key }, 2 * MB);
    const { result: res, created } = await createdDuring(path.join(server.dataDir, 'tmp'), () =>
      // 4 GiB declared, 1 KiB sent: only the headers can have told the server.
      rawPost(server, '/api/apps/upload', body, { 'content-length': String(4 * 1024 ** 3) }, { pauseAfter: 1024 }),
    );
    expect(statusOf(res.response)).toBe(413);
    expect(jsonOf(res.response)).toMatchObject({ error: 'The file is larger than the 8388608-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)' });
    expect(created).toEqual([]);
    expect(await releaseCount(server)).toBe(0);
  });

  it('still takes a form whose file is within the limit', async () => {
    const res = await rawPost(server, '/api/apps/upload', multipart({ token: developer.token, channel_key: channel.key }, APK));
    expect(statusOf(res.response)).toBe(201);
  });
});

describe('an early refusal reaches the client (finding 3)', () => {
  let server: TestServer;
  let developer: TestUser;
  let bigFile: string;
  beforeAll(async () => {
    server = await startServer({ TARMAC_REFUSED_BODY_DRAIN_BYTES: '60MB', TARMAC_MAX_UPLOAD_BYTES: '100MB' });
    developer = await server.newUser({ role: 'developer' });
    bigFile = path.join(server.dataDir, 'big.bin');
    writeFileSync(bigFile, Buffer.alloc(50 * MB));
  });
  afterAll(() => server.close());

  const WRONG_KEY = { error: 'Unauthorized channel key' };

  it.each([1 * MB, 50 * MB])("Node's fetch reads the 401 for a wrong channel key with a %d-byte body (three times)", async (size) => {
    const body = multipart({ token: developer.token, channel_key: 'wrong-key' }, size);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', headers: { 'content-type': CONTENT_TYPE }, body: new Uint8Array(body) });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject(WRONG_KEY);
    }
  });

  it("Node's fetch reads the 413 of a JSON body over the 1 MiB limit, and the 401 of a debug-file upload", async () => {
    const big = await fetch(`${server.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'x'.repeat(20 * MB) }) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'The request body is too large' });
    const debug = await fetch(`${server.url}/api/debug_files/upload`, { method: 'POST', headers: { 'content-type': CONTENT_TYPE }, body: new Uint8Array(multipart({ token: developer.token, channel_key: 'wrong-key' }, 30 * MB)) });
    expect(debug.status).toBe(401);
    expect(await debug.json()).toMatchObject(WRONG_KEY);
  });

  it.each([1 * MB, 50 * MB])('curl reads the 401 with a %d-byte file', async (size) => {
    const file = size === 50 * MB ? bigFile : path.join(server.dataDir, 'small.bin');
    if (size !== 50 * MB) writeFileSync(file, Buffer.alloc(size));
    // Not spawnSync: the server runs in this process.
    const { stdout } = await run('curl', ['-sS', '-o', '-', '-w', '\n%{http_code}', '-F', `token=${developer.token}`, '-F', 'channel_key=wrong-key', '-F', `file=@${file}`, `${server.url}/api/apps/upload`]);
    const [body, status] = stdout.split('\n');
    expect(status).toBe('401');
    expect(JSON.parse(body!)).toMatchObject(WRONG_KEY);
  });

  it.each([1 * MB, 50 * MB])('a raw socket that writes the whole %d-byte body reads the 401, and the server read it all', async (size) => {
    const body = multipart({ token: developer.token, channel_key: 'wrong-key' }, size);
    const res = await rawPost(server, '/api/apps/upload', body);
    expect(statusOf(res.response)).toBe(401);
    expect(res.response.toLowerCase()).toContain('connection: close');
    expect(jsonOf(res.response)).toMatchObject(WRONG_KEY);
    expect(res.written).toBe(body.length);
    expect(res.error).toBeUndefined();
  });

  it('past the drain allowance the server closes without reading on, and stores nothing', async () => {
    const body = multipart({ token: developer.token, channel_key: 'wrong-key' }, 90 * MB);
    const { result: res, created } = await createdDuring(path.join(server.dataDir, 'tmp'), () => rawPost(server, '/api/apps/upload', body));
    // The answer was sent (a client reading while it writes sees it), then the connection closed early.
    expect(statusOf(res.response)).toBe(401);
    expect(res.written).toBeLessThan(body.length);
    expect(created).toEqual([]);
    // The server is fine afterwards.
    expect((await api(server, '/api/health')).status).toBe(200);
  });
});
