// POST /api/teardown reads any app or debug file and answers exactly what the parser reads
// (the JSON the appinfo command prints), and stores nothing: no release, no file in storage,
// and the temporary upload is gone afterwards whether the file was good, bad or too large.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { inspect, toWire } from '@tarmac/appinfo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer } from './helpers/server.ts';
import type { ApiResponse, TestServer, TestUser } from './helpers/server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const MISSING_FILE = 'is required: send the package as a multipart/form-data file part named "file"';

let server: TestServer;
let member: TestUser;

beforeAll(async () => {
  server = await startServer();
  member = await server.newUser();
});
afterAll(() => server.close());

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function teardown(
  target: TestServer,
  body: Buffer | null,
  options: { token?: string; headers?: Record<string, string>; field?: string } = {},
): Promise<ApiResponse<any>> {
  const form = new FormData();
  if (body) form.append(options.field ?? 'file', new Blob([new Uint8Array(body)]), 'upload.bin');
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${target.url}/api/teardown`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown, text };
}

async function expectNothingKept(target: TestServer) {
  expect(await filesUnder(path.join(target.dataDir, 'tmp'))).toEqual([]);
  expect(await filesUnder(path.join(target.dataDir, 'storage'))).toEqual([]);
  const releases = await target.database.db.selectFrom('releases').select('id').execute();
  expect(releases).toEqual([]);
}

describe('POST /api/teardown', () => {
  it.each([
    ['apps/android.apk', 'apk', 'com.icyleaf.appinfodemo'],
    ['apps/iphone.ipa', 'ipa', 'com.icyleaf.AppInfoDemo'],
    ['apps/harmony.hap', 'hap', 'com.example.myapplication'],
    ['apps/win-upx.exe', 'exe', null],
    ['debug-files/ios-dsym-single.zip', 'dsym', 'com.icyleaf.iOS'],
    ['debug-files/android-proguard-mapping.zip', 'proguard', null],
    ['provisioning/ios_adhoc.mobileprovision', 'mobileprovision', 'com.icyleaf.appinfo.test'],
  ])('answers what the parser reads in %s, and keeps nothing', async (file, format, bundleId) => {
    const full = path.join(FIXTURES, file);
    const res = await teardown(server, readFileSync(full), { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format, bundle_id: bundleId });
    expect(res.body).toEqual(JSON.parse(JSON.stringify(toWire(await inspect(full)))));
    await expectNothingKept(server);
  });

  it("shows an iOS build's signing: the profile's type, team and expiry", async () => {
    const res = await teardown(server, readFileSync(path.join(FIXTURES, 'apps/iphone.ipa')), { token: member.token });
    expect(res.body.details.provisioning_profile).toMatchObject({
      type: 'development',
      team_name: 'QYER Inc',
      expires_at: '2017-07-27T09:44:49.000Z',
      expired: true,
    });
  });

  it('works from the web app with the session cookie and the CSRF header', async () => {
    const session = await signIn(server, member.username, member.password);
    const res = await teardown(server, readFileSync(path.join(FIXTURES, 'apps/android.apk')), {
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    });
    expect(res.status).toBe(200);
    expect(res.body.bundle_id).toBe('com.icyleaf.appinfodemo');
    const withoutCsrf = await teardown(server, readFileSync(path.join(FIXTURES, 'apps/android.apk')), { headers: { cookie: session.cookie } });
    expect(withoutCsrf.status).toBe(403);
    await expectNothingKept(server);
  });

  it("answers 422 with the parser's reason for a file it cannot read, and keeps nothing", async () => {
    const empty = await teardown(server, readFileSync(path.join(FIXTURES, 'provisioning/invalid_empty.mobileprovision')), { token: member.token });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ error: 'The file is empty (0 bytes)', details: { file: ['empty_file: The file is empty (0 bytes)'] } });

    const text = await teardown(server, Buffer.from('just some text, not a package\n'), { token: member.token });
    expect(text.status).toBe(422);
    expect(text.body.details.file[0]).toMatch(/^unknown_format: Not a supported app or debug file: it starts with bytes 6a 75 73 74/);
    expect(text.body.error).toBe((text.body.details.file[0] as string).slice('unknown_format: '.length));

    const apk = readFileSync(path.join(FIXTURES, 'apps/android.apk'));
    const truncated = await teardown(server, apk.subarray(0, apk.length - 100), { token: member.token });
    expect(truncated.status).toBe(422);
    expect(truncated.body.details.file[0]).toMatch(/^(truncated|corrupt_zip|corrupt_file): /);

    const noPlist = await teardown(server, readFileSync(path.join(FIXTURES, 'provisioning/invalid_missing_plist_block.mobileprovision')), { token: member.token });
    expect(noPlist.status).toBe(422);
    expect(noPlist.body.details.file[0]).toMatch(/^\w+: ./);
    await expectNothingKept(server);
  });

  it('answers 422 when no file part named "file" is sent', async () => {
    const none = await teardown(server, null, { token: member.token });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ error: `Validation failed: file ${MISSING_FILE}`, details: { file: [MISSING_FILE] } });
    const wrongName = await teardown(server, Buffer.from('bytes'), { token: member.token, field: 'package' });
    expect(wrongName.status).toBe(422);
    expect(wrongName.body.details).toEqual({ file: [MISSING_FILE] });
    await expectNothingKept(server);
  });

  it('answers 413 to a file over TARMAC_MAX_UPLOAD_BYTES, and keeps nothing', async () => {
    const small = await startServer({ TARMAC_MAX_UPLOAD_BYTES: '100000' });
    try {
      const user = await small.newUser();
      const res = await teardown(small, readFileSync(path.join(FIXTURES, 'apps/android.apk')), { token: user.token });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ error: 'The file is larger than the 100000-byte upload limit (TARMAC_MAX_UPLOAD_BYTES)' });
      await expectNothingKept(small);
    } finally {
      await small.close();
    }
  });
});
