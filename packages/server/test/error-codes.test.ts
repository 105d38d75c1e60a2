// Every error answer carries a stable code and the values its sentence names, beside the
// English `error` Zealot clients read; 422s add per-field codes (`fields`) beside `details`,
// from the services' rules and from the route schemas alike.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApp } from './helpers/factories.ts';
import type { TestChannel } from './helpers/factories.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const FIXTURES = '/work/shared/fixtures';

let server: TestServer;
let admin: TestUser;
let tc: TestChannel;

beforeAll(async () => {
  server = await startServer();
  admin = await server.newUser({ role: 'admin' });
  tc = await newApp(server, { name: 'Codes', ownerId: admin.id });
});
afterAll(() => server.close());

describe('error answers', () => {
  it('name a duplicate channel slug with the field code "taken"', async () => {
    const json = { name: 'Second', device_type: 'android', slug: tc.slug.toUpperCase() };
    const res = await api(server, `/api/schemes/${tc.schemeId}/channels`, { method: 'POST', token: admin.token, json });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'Validation failed: slug has already been taken',
      code: 'validation.failed',
      params: {},
      details: { slug: ['has already been taken'] },
      fields: { slug: [{ code: 'taken' }] },
    });
  });

  it('name a blank name "blank" and a long one "too_long" with its limit', async () => {
    const blank = await api(server, `/api/apps/${tc.appId}`, { method: 'PUT', token: admin.token, json: { name: '   ' } });
    expect([blank.status, blank.body.code, blank.body.details, blank.body.fields]).toEqual([
      422,
      'validation.failed',
      { name: ["can't be blank"] },
      { name: [{ code: 'blank' }] },
    ]);
    const long = await api(server, '/api/user/tokens', { method: 'POST', token: admin.token, json: { name: 'x'.repeat(300) } });
    expect(long.status).toBe(422);
    expect(long.body.fields.name[0].code).toBe('too_long');
    expect(long.body.fields.name[0].params.max).toEqual(expect.any(Number));
  });

  it('give schema (Ajv) errors field codes and params: required, minLength, enum, type', async () => {
    const res = await api(server, `/api/schemes/${tc.schemeId}/channels`, {
      method: 'POST',
      token: admin.token,
      json: { device_type: 'toaster', name: '' },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation.failed');
    expect(res.body.fields.device_type).toEqual([{ code: 'one_of', params: { values: expect.stringContaining('android') } }]);
    expect(res.body.fields.name[0].code).toBe('blank');
    // details and fields list the same problems in the same order.
    for (const field of Object.keys(res.body.details)) expect(res.body.fields[field]).toHaveLength(res.body.details[field].length);
    const page = await api(server, '/api/apps?page=many', { token: admin.token });
    expect([page.status, page.body.fields.page]).toEqual([422, [{ code: 'type', params: { type: 'integer' } }]]);
    const missing = await api(server, '/api/session', { method: 'POST', json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.fields.login).toEqual([{ code: 'required' }]);
  });

  it('name a missing record by what it is, and keep the sentence Zealot clients read', async () => {
    const app = await api(server, '/api/apps/2147483647', { token: admin.token });
    expect([app.status, app.body]).toEqual([404, { error: 'Record not found', code: 'app.not_found', params: {} }]);
    const release = await api(server, '/api/releases/2147483647', { token: admin.token });
    expect([release.status, release.body.code]).toEqual([404, 'release.not_found']);
    const route = await api(server, '/api/nothing-here', { token: admin.token });
    expect([route.status, route.body]).toEqual([
      404,
      { error: 'API not found: GET /api/nothing-here', code: 'api.not_found', params: { method: 'GET', path: '/api/nothing-here' } },
    ]);
  });

  it('name refusals: no token, a permission, an archived app (with its name)', async () => {
    const anonymous = await api(server, '/api/apps');
    expect([anonymous.status, anonymous.body]).toEqual([401, { error: 'Unauthorized user token', code: 'auth.unauthorized', params: {} }]);
    const member = await server.newUser({ role: 'member' });
    const users = await api(server, '/api/users', { token: member.token });
    expect([users.status, users.body.code]).toEqual([403, 'permission.users_manage']);
    const archived = await newApp(server, { name: 'Shelved', ownerId: admin.id });
    expect((await api(server, `/api/apps/${archived.appId}/archive`, { method: 'POST', token: admin.token })).status).toBe(200);
    const res = await api(server, `/api/apps/${archived.appId}`, { method: 'PUT', token: admin.token, json: { name: 'Renamed' } });
    expect([res.status, res.body.code, res.body.params]).toEqual([409, 'app.archived', { app: 'Shelved' }]);
  });

  it('name a bad file: a package for another platform, and one that is not a package', async () => {
    const upload = async (file: Buffer, filename: string) => {
      const form = new FormData();
      form.append('token', admin.token);
      form.append('channel_key', tc.key);
      form.append('file', new Blob([new Uint8Array(file)]), filename);
      const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const ipa = await upload(readFileSync(path.join(FIXTURES, 'apps/iphone.ipa')), 'iphone.ipa');
    expect([ipa.status, ipa.body.code]).toEqual([422, 'validation.failed']);
    expect(ipa.body.fields.file).toEqual([
      { code: 'file_wrong_platform', params: { platform: 'ios', channel_platform: 'android', channel: expect.any(String) } },
    ]);
    const junk = await upload(Buffer.from('not a package at all'), 'junk.apk');
    expect([junk.status, junk.body.code, junk.body.fields.file[0].code]).toEqual([422, 'file.unreadable', 'file_unreadable']);
    expect(junk.body.fields.file[0].params.reason).toEqual(expect.any(String));
  });

  it('name a body that is not JSON', async () => {
    const res = await api(server, '/api/apps', { method: 'POST', token: admin.token, raw: '{', headers: { 'content-type': 'application/json' } });
    expect([res.status, res.body.code]).toEqual([400, 'request.invalid_json']);
  });

  it("answer a browser's refused form outside the API with a page in its language, and API clients with JSON", async () => {
    const post = (accept: string, language: string) =>
      fetch(`${server.url}/${tc.slug}/unlock`, {
        method: 'POST',
        headers: { accept, 'accept-language': language, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'password=a%00b',
      });
    const page = await post('text/html,application/xhtml+xml,*/*;q=0.8', 'zh-CN,zh;q=0.9');
    expect([page.status, page.headers.get('content-type')]).toEqual([422, expect.stringContaining('text/html')]);
    const text = await page.text();
    expect(text).toContain('表单中有内容无法读取');
    expect(text).toContain('<html lang="zh-CN"');
    expect(text).not.toContain('Validation failed');
    const english = await (await post('text/html', 'en')).text();
    expect(english).toContain('Something in the form could not be read');
    const json = await post('*/*', 'zh-CN');
    expect([json.status, ((await json.json()) as { code: string }).code]).toEqual([422, 'validation.failed']);
  });
});
