// Zealot's upload scripts with a Windows build shipped as a zip of its folder (issue 12, item
// 8): the program's .exe beside its .dll files, which Zealot (through the app-info gem) reads
// as a Windows app. The zip is built at test time from the real fixture apps/win-upx.exe and
// two dummy .dll files, written to a temporary file and sent the way upload.sh sends a build:
// `curl -F token=… -F channel_key=… -F file=@path` (multipart, POST /api/apps/upload). The
// answer is read as the scripts read it: the status, then platform, versions and bundle id.
// Then what people see: the release page and a download that keeps the .zip extension.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_AGENTS } from './helpers/browser.ts';
import { makeZip } from './helpers/debug-files.ts';
import { newApp } from './helpers/factories.ts';
import { startServer } from './helpers/server.ts';
import type { TestServer, TestUser } from './helpers/server.ts';

const run = promisify(execFile);

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/apps');
// What apps/win-upx.exe holds (../shared/fixtures/README.md).
const UPX = { name: 'UPX', releaseVersion: '3.08 (2011-12-12)', company: 'The UPX Team http://upx.sf.net' };

let server: TestServer;
let developer: TestUser;
let work: { dir: string };
let folderZip: string;
let flatZip: string;

beforeAll(async () => {
  server = await startServer();
  developer = await server.newUser({ role: 'developer' });
  work = { dir: mkdtempSync(path.join(tmpdir(), 'tarmac-windows-')) };
  const exe = readFileSync(path.join(FIXTURES, 'win-upx.exe'));
  folderZip = path.join(work.dir, 'UPX-3.08-win32.zip');
  writeFileSync(
    folderZip,
    makeZip([
      { name: 'UPX-3.08-win32/upx.exe', data: exe },
      { name: 'UPX-3.08-win32/libucl.dll', data: 'a dummy library' },
      { name: 'UPX-3.08-win32/zlib1.dll', data: 'another dummy library' },
      { name: 'UPX-3.08-win32/README.txt', data: 'read me' },
    ]),
  );
  flatZip = path.join(work.dir, 'upx-win.zip');
  writeFileSync(flatZip, makeZip([{ name: 'upx.exe', data: exe }, { name: 'libucl.dll', data: 'a dummy library' }]));
});
afterAll(async () => {
  await server.close();
  if (work) rmSync(work.dir, { recursive: true, force: true });
});

interface UploadAnswer {
  id: number;
  app: { id: number; name: string };
  channel: { key?: string; slug: string };
  platform: string;
  device_type: string;
  format: string;
  metadata: Record<string, unknown>;
  bundle_id: string | null;
  release_version: string | null;
  build_version: string | null;
  file_name: string;
  install_url: string;
  release_url: string;
  size: number;
}

/** upload.sh: one curl call, the status written after the body. */
async function curlUpload(file: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
  const form = Object.entries(fields).flatMap(([name, value]) => ['-F', `${name}=${value}`]);
  const { stdout } = await run('curl', ['-sS', '-m', '300', '--http1.1', '-L', ...form, '-F', `file=@${file}`, '-w', '\n%{http_code}', `${server.url}/api/apps/upload`]);
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

describe('a Windows build as a zip of its folder', () => {
  it('curl -F to a Windows channel: 201, a Windows release with the exe version resource, the .zip name kept', async () => {
    const channel = await newApp(server, { ownerId: developer.id, deviceType: 'windows', channel: 'Windows' });
    const { status, body } = await curlUpload(folderZip, { token: developer.token, channel_key: channel.key, changelog: 'zipped folder' });
    expect(status, body).toBe(201);
    const answer = JSON.parse(body) as UploadAnswer;
    // What the scripts read, as a bare .exe answers it: Zealot's platform name, no bundle id or build.
    expect(answer).toMatchObject({
      platform: 'Windows',
      device_type: 'desktop',
      format: 'windows_app',
      bundle_id: '',
      release_version: UPX.releaseVersion,
      build_version: '',
      file_name: 'UPX-3.08-win32.zip',
      size: readFileSync(folderZip).length,
      channel: { device_type: 'windows' },
    });
    // The main exe's details, as the web app's release page shows them.
    expect(answer.metadata).toMatchObject({
      platform: 'windows',
      name: UPX.name,
      archs: ['x86'],
      details: { company_name: UPX.company, folder: 'UPX-3.08-win32', executable: 'UPX-3.08-win32/upx.exe', dlls: ['libucl.dll', 'zlib1.dll'] },
    });
    const release = await fetch(`${server.url}/api/releases/${answer.id}?token=${developer.token}`);
    expect(release.status).toBe(200);
    expect(await release.json()).toMatchObject({ id: answer.id, platform: 'Windows', format: 'windows_app' });

    // The install page offers a Windows desktop the file, as for a bare exe.
    const page = await fetch(answer.release_url, { headers: { 'user-agent': USER_AGENTS.windows, 'accept-language': 'en-US' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`href="${answer.install_url}"`);
    expect(html).not.toContain('cannot be installed on this device');

    // The download keeps the .zip extension and its content type.
    const download = await fetch(answer.install_url, { redirect: 'follow' });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/\.zip"?(;|$)/);
    expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(folderZip))).toBe(true);
  });

  it('curl -F without channel_key: a new Windows app is made for the zip with its files at the top', async () => {
    const { status, body } = await curlUpload(flatZip, { token: developer.token });
    expect([200, 201]).toContain(status);
    const answer = JSON.parse(body) as UploadAnswer;
    expect(answer).toMatchObject({ release_version: UPX.releaseVersion, file_name: 'upx-win.zip' });
    const app = await fetch(`${server.url}/api/apps/${answer.app.id}?token=${developer.token}`);
    expect(answer.platform).toBe('Windows');
    expect(JSON.stringify(await app.json())).toContain('"device_type":"windows"');
  });

  it('to an Android channel: 422 saying it is a windows package, nothing stored', async () => {
    const channel = await newApp(server, { ownerId: developer.id, deviceType: 'android', channel: 'Android' });
    const { status, body } = await curlUpload(folderZip, { token: developer.token, channel_key: channel.key });
    expect(status).toBe(422);
    expect((JSON.parse(body) as { error: string }).error).toMatch(/windows package/);
    const latest = await fetch(`${server.url}/api/apps/latest?channel_key=${channel.key}&release_version=0&build_version=0`);
    expect(((await latest.json()) as { releases: unknown[] }).releases).toEqual([]);
  });

  it('a zip with two programs and no folder to choose by: 422 naming them, never a 500', async () => {
    const channel = await newApp(server, { ownerId: developer.id, deviceType: 'windows', channel: 'Ambiguous' });
    const exe = readFileSync(path.join(FIXTURES, 'win-upx.exe'));
    const ambiguous = path.join(work.dir, 'two.zip');
    writeFileSync(ambiguous, makeZip([{ name: 'one.exe', data: exe }, { name: 'two.exe', data: exe }]));
    const { status, body } = await curlUpload(ambiguous, { token: developer.token, channel_key: channel.key });
    expect(status).toBe(422);
    expect((JSON.parse(body) as { error: string }).error).toMatch(/"one\.exe", "two\.exe"/);
    const notPe = path.join(work.dir, 'notpe.zip');
    writeFileSync(notPe, makeZip([{ name: 'App/App.exe', data: '#!/bin/sh\necho not a program\n' }, { name: 'App/a.dll', data: 'x' }]));
    const refused = await curlUpload(notPe, { token: developer.token, channel_key: channel.key });
    expect(refused.status).toBe(422);
    expect((JSON.parse(refused.body) as { error: string }).error).toMatch(/App\/App\.exe/);
  });
});
