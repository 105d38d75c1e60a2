// API tokens imported from Zealot: Zealot's users.token is 32 lowercase hex characters (the MD5
// of a UUID), held by CI jobs. The import stores it as Tarmac stores its own tokens (the SHA-256
// of the secret, modules/tokens), and every place a Zealot client sends it still authenticates:
// the `token` query parameter (skyNet2017's gradle, the Swift CLI, GET calls), the `token` form
// field (fastlane, curl -F) and `Authorization: Bearer`. No Tarmac-only shape (the `tmc_` prefix,
// a length) is asked of a token.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/auth/secrets.ts';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const APK = readFileSync(path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps/android.apk'));

let server: TestServer;
let user: TestUser;
let channel: TestChannel;
let zealotToken: string;

/** A token row as the import writes it: the tokens module's hash of Zealot's plain-text token. */
async function importToken(userId: number, secret: string): Promise<void> {
  const timestamp = new Date().toISOString();
  await server.database.db
    .insertInto('api_tokens')
    .values({
      user_id: userId,
      name: 'Zealot',
      token_hash: sha256Hex(secret),
      token_prefix: secret.slice(0, 10),
      expires_at: null,
      created_at: timestamp,
    })
    .execute();
}

beforeAll(async () => {
  server = await startServer();
  user = await server.newUser({ role: 'developer' });
  channel = await newApp(server, { ownerId: user.id });
  zealotToken = createHash('md5').update(randomUUID()).digest('hex');
  expect(zealotToken).toMatch(/^[0-9a-f]{32}$/);
  await importToken(user.id, zealotToken);
});
afterAll(() => server.close());

function uploadForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(APK)]), 'android.apk');
  return form;
}

async function upload(query: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/apps/upload${query}`, { method: 'POST', body: uploadForm(fields), headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function releaseCount(): Promise<number> {
  const rows = await server.database.db.selectFrom('releases').select('id').where('channel_id', '=', channel.channelId).execute();
  return rows.length;
}

describe('a Zealot token after the import', () => {
  it('uploads a build as the token field, the token query parameter and a Bearer header', async () => {
    const before = await releaseCount();
    const asField = await upload('', { token: zealotToken, channel_key: channel.key, changelog: 'field' });
    expect(asField.status, JSON.stringify(asField.body)).toBe(201);
    const asQuery = await upload(`?token=${zealotToken}`, { channel_key: channel.key, changelog: 'query' });
    expect(asQuery.status, JSON.stringify(asQuery.body)).toBe(201);
    const asBearer = await upload('', { channel_key: channel.key }, { authorization: `Bearer ${zealotToken}` });
    expect(asBearer.status, JSON.stringify(asBearer.body)).toBe(201);
    expect(await releaseCount()).toBe(before + 3);
    for (const answer of [asField, asQuery, asBearer]) expect(answer.body).toMatchObject({ app: { id: channel.appId } });
  });

  it('reads through the API from the query, a form body and the Bearer header', async () => {
    const viaQuery = await api(server, `/api/users/me?token=${zealotToken}`);
    expect(viaQuery.status, viaQuery.text).toBe(200);
    expect(viaQuery.body).toMatchObject({ id: user.id, username: user.username });
    const viaBearer = await api(server, '/api/apps', { token: zealotToken });
    expect(viaBearer.status, viaBearer.text).toBe(200);
    expect(viaBearer.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: channel.appId })]));
    // fastlane's version check: token and channel key in the query.
    const exists = await api(server, `/api/apps/version_exist?token=${zealotToken}&channel_key=${channel.key}&bundle_id=com.icyleaf.appinfodemo&git_commit=none`);
    expect(exists.status, exists.text).toBe(404);
    // fastlane_sync_devices: an urlencoded body.
    const device = await api(server, '/api/devices/00008030-000A1B2C3D4E802E', {
      method: 'PUT',
      form: { token: zealotToken, name: 'Tester iPhone', model: 'iPhone12,1' },
    });
    expect(device.status, device.text).toBe(200);
  });

  it('stays refused when it is not the imported one, whatever its shape, with no build stored', async () => {
    const before = await releaseCount();
    const other = createHash('md5').update(randomUUID()).digest('hex');
    for (const token of [other, zealotToken.toUpperCase(), zealotToken.slice(0, 31), `${zealotToken}0`]) {
      const refused = await upload('', { token, channel_key: channel.key });
      expect(refused).toMatchObject({ status: 401, body: { error: 'Unauthorized user token' } });
      expect((await api(server, `/api/users/me?token=${token}`)).status).toBe(401);
    }
    expect(await releaseCount()).toBe(before);
  });

  it('is refused for a locked user', async () => {
    const locked = await server.newUser({ locked: true });
    const secret = createHash('md5').update(randomUUID()).digest('hex');
    await importToken(locked.id, secret);
    expect((await api(server, `/api/users/me?token=${secret}`)).status).toBe(403);
  });
});
