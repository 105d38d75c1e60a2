// Sign-in through OpenID Connect and each OAuth preset in Chromium against a real server: the browser
// starts at the sign-in page's button for the provider (a link to /auth/<slug>/start),
// the provider's login form is filled by keyboard, and the browser lands signed in on `next`. A person
// whose email the provider does not vouch for comes back to the sign-in page with the refusal in
// English, and in Chinese in dark mode. The providers are local: the real OpenID provider of the tests
// (oidc-provider) and stand-ins for the presets (test/helpers/oauth-presets.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchBrowser } from '../../server/test/helpers/browser.ts';
import { startOAuthPreset } from '../../server/test/helpers/oauth-presets.ts';
import type { TestOAuthPreset } from '../../server/test/helpers/oauth-presets.ts';
import { startOidcProvider } from '../../server/test/helpers/oidc-provider.ts';
import type { TestOidcProvider } from '../../server/test/helpers/oidc-provider.ts';
import { startServer } from '../../server/test/helpers/server.ts';
import type { TestServer } from '../../server/test/helpers/server.ts';
import { addProvider } from '../../server/test/helpers/sign-in-flow.ts';
import { OAUTH_PRESETS } from '../../server/src/modules/sign-in-providers/kinds.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('sign-in through OpenID Connect and the OAuth presets in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let idp: TestOidcProvider;
  const presets: TestOAuthPreset[] = [];

  beforeAll(async () => {
    server = await startServer();
    const callback = (slug: string) => `${server.url}/auth/${slug}/callback`;
    idp = await startOidcProvider({ clients: [{ clientId: 'tarmac', clientSecret: 'tarmac-secret', redirectUris: [callback('sso')] }] });
    await addProvider(server, {
      slug: 'sso', kind: 'oidc', name: 'Company SSO', secret: 'tarmac-secret',
      settings: {
        issuer: idp.issuer, client_id: 'tarmac', scopes: 'openid profile email groups', uid_claim: 'sub', username_claim: 'preferred_username',
        email_claim: 'email', name_claim: 'name', groups_claim: 'groups', allowed_groups: [], admin_groups: ['tarmac-admins'],
      },
    });
    for (const kind of OAUTH_PRESETS) {
      const preset = await startOAuthPreset(kind, { redirectUris: [callback(kind)] });
      presets.push(preset);
      await addProvider(server, {
        slug: kind, kind, name: `${kind[0]!.toUpperCase()}${kind.slice(1)}`, secret: preset.client.clientSecret,
        settings: { client_id: preset.client.clientId, base_url: preset.baseUrl, allowed_organizations: [], admin_organizations: [] },
      });
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    for (const preset of presets) await preset.close();
    await idp?.close();
    await server?.close();
  });

  /** The provider's form, by its labels and the keyboard: username, Tab, password, Enter. */
  async function signInAtProvider(page: Page, username: string) {
    await page.getByLabel('Username').focus();
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${username}-password`);
    await page.keyboard.press('Enter');
  }

  async function session(page: Page): Promise<{ user: { email: string; role: string } | null }> {
    return page.evaluate(async () => (await fetch('/api/session')).json() as Promise<{ user: { email: string; role: string } | null }>);
  }

  it('OpenID Connect and each preset: from the start link through the provider to `next`, signed in', async () => {
    for (const slug of ['sso', ...OAUTH_PRESETS]) {
      // The same people at every provider: each sign-in starts with no accounts, in a fresh browser.
      await server.database.db.deleteFrom('users').execute();
      const context = await browser.newContext({ locale: 'en-US', colorScheme: slug === 'sso' ? 'dark' : 'light' });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      try {
        // The sign-in page's button for the provider starts the flow (a link to /auth/<slug>/start?next=…).
        const { name } = await server.database.db.selectFrom('auth_providers').select('name').where('slug', '=', slug).executeTakeFirstOrThrow();
        await page.goto(`${server.url}/login?next=${encodeURIComponent('/apps')}`);
        await page.getByRole('link', { name: `Sign in with ${name}`, exact: true }).click();
        await signInAtProvider(page, 'alice');
        await page.waitForURL(`${server.url}/apps`);
        const { user } = await session(page);
        expect(user, slug).toMatchObject({ email: expect.stringMatching(/@(corp\.)?example\.com$/) });
        // The signed-in screen stays: no bounce back to the sign-in page.
        await page.waitForLoadState('networkidle');
        expect(new URL(page.url()).pathname, slug).toBe('/apps');
      } finally {
        await context.close();
      }
    }
  });

  it('an unverified email comes back to the sign-in page with the translated refusal (English, then Chinese in dark)', async () => {
    const english = await browser.newContext({ locale: 'en-US', colorScheme: 'light' });
    const page = await english.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(`${server.url}/auth/sso/start?next=/apps`);
      await signInAtProvider(page, 'carol');
      await page.waitForURL((url) => url.pathname === '/login');
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/Company SSO does not say that carol@example\.com is verified/);
      expect(await alert.textContent()).toMatch(/Sign-in did not finish/);
      expect((await session(page)).user).toBeNull();
    } finally {
      await english.close();
    }
    const chinese = await browser.newContext({ locale: 'zh-CN', colorScheme: 'dark' });
    const zhPage = await chinese.newPage();
    zhPage.setDefaultTimeout(10_000);
    try {
      await zhPage.goto(`${server.url}/auth/github/start`);
      await signInAtProvider(zhPage, 'carol');
      await zhPage.waitForURL((url) => url.pathname === '/login');
      await expect.poll(() => zhPage.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/Github 未确认 carol@example\.com 已验证/);
      expect(await zhPage.getByRole('alert').textContent()).toMatch(/登录未完成/);
    } finally {
      await chinese.close();
    }
  });
});
