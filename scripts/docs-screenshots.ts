// Makes the documentation site's dashboard previews from the real web app, so they are regenerated
// rather than drawn: starts a Tarmac on an empty temporary data directory, uploads the real fixture
// builds (../shared/fixtures/apps) through the API with a token from its own CLI, signs in as its
// administrator in Chromium, and photographs the dashboard in English and Chinese, light and dark:
//   website/static/img/showcase-{light,dark}.png and website/static/img/zh-Hans/showcase-{light,dark}.png
// Run: npm run docs:screenshots (needs the built web app: npm start or scripts/build-web.ts first).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.resolve(root, '../shared/fixtures');
// Chromium as the browser tests start it (packages/server/test/helpers/browser.ts).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** `tarmac serve` on a free port, once it answers its health check. */
async function startTarmac(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'packages/server/bin/tarmac.js'), 'serve'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; !(await fetch(`${url}/api/health`).then((answer) => answer.ok, () => false)); attempt++) {
    if (attempt > 300 || child.exitCode !== null) throw new Error('Tarmac did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))) };
}

const PASSWORD = 'screenshots-only-password';
const BUILDS = ['apps/android.apk', 'apps/iphone.ipa', 'apps/harmony.hap', 'apps/macos.zip', 'apps/win-upx.exe', 'apps/android.aab'];
const SHOTS = [
  { locale: 'en', folder: 'img' },
  { locale: 'zh-CN', folder: 'img/zh-Hans' },
] as const;

const dataDir = mkdtempSync(path.join(tmpdir(), 'tarmac-screenshots-'));
const tarmac = await startTarmac({ TARMAC_DATA_DIR: dataDir, TARMAC_ADMIN_EMAIL: 'admin@example.com', TARMAC_ADMIN_PASSWORD: PASSWORD });
try {
  const cli = path.join(root, 'packages/server/bin/tarmac.js');
  const token = spawnSync(process.execPath, [cli, 'token', 'create', '--username', 'admin', '--name', 'screenshots'], {
    encoding: 'utf8', env: { ...process.env, TARMAC_DATA_DIR: dataDir },
  }).stdout.trim();
  for (const build of BUILDS) {
    const form = new FormData();
    form.append('token', token);
    form.append('changelog', 'Faster start\nFixes the crash when the network drops');
    form.append('file', new Blob([await readFile(path.join(fixtures, build))]), path.basename(build));
    const answer = await fetch(`${tarmac.url}/api/apps/upload`, { method: 'POST', body: form });
    if (answer.status !== 201) throw new Error(`uploading ${build}: ${answer.status} ${await answer.text()}`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    for (const { locale, folder } of SHOTS) {
      // The account's language decides the web app's (after a choice made in this browser, and there is none).
      const set = await fetch(`${tarmac.url}/api/user`, {
        method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ locale }),
      });
      if (!set.ok) throw new Error(`setting the language: ${set.status} ${await set.text()}`);
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme, locale, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await page.goto(`${tarmac.url}/login`);
        await page.getByLabel(/Username or email|用户名或邮箱/).fill('admin');
        await page.getByRole('textbox', { name: /Password|密码/ }).fill(PASSWORD);
        await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
        await page.waitForURL(`${tarmac.url}/`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        const target = path.join(root, 'website/static', folder, `showcase-${colorScheme}.png`);
        mkdirSync(path.dirname(target), { recursive: true });
        await page.screenshot({ path: target });
        console.log(`wrote ${path.relative(root, target)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await tarmac.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
