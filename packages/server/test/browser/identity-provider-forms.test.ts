// The test identity providers' sign-in forms in Chromium, as the sign-in browser tests will meet them:
// the OpenID provider's login interaction and an OAuth preset's authorize page are found by their labels,
// filled and sent by keyboard, and the browser lands on the relying party's callback with a code and the
// state it sent (a wrong password first shows an alert and no redirect). No Tarmac server: the callback
// is a small local page that records what it received.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser } from '../helpers/browser.ts';
import { startOAuthPreset } from '../helpers/oauth-presets.ts';
import { beginOidcSignIn, startOidcProvider } from '../helpers/oidc-provider.ts';

const available = chromiumAvailable();

describe.skipIf(!available)('the test identity providers in chromium', () => {
  let browser: Browser;
  let callbackServer: Server;
  let callback = '';
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    callbackServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Signed in</title><p>callback</p>');
    });
    await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
    callback = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/auth/callback`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const step of closing.reverse()) await step();
    await browser?.close();
    callbackServer?.closeAllConnections();
    await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
  });

  /** Types into the labelled fields and presses Enter, as a keyboard user does. */
  async function signIn(page: Page, username: string, password: string): Promise<void> {
    await page.getByLabel('Username').focus();
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
  }

  it('the OpenID provider: wrong password, then the right one, back at the callback with code and state', async () => {
    const idp = await startOidcProvider({ clients: [{ clientId: 'tarmac-test', clientSecret: 'secret', redirectUris: [callback] }] });
    closing.push(() => idp.close());
    const config = await client.discovery(new URL(idp.issuer), 'tarmac-test', 'secret', undefined, {
      execute: [client.allowInsecureRequests],
    });
    const { url, verifier, state, nonce } = await beginOidcSignIn(config, callback);
    const context = await browser.newContext();
    closing.push(() => context.close());
    const page = await context.newPage();
    await page.goto(url.href);
    await expect.poll(() => page.getByRole('heading', { name: /Sign in/ }).isVisible()).toBe(true);
    await signIn(page, 'alice', 'wrong');
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Invalid username or password/);
    await signIn(page, 'alice', 'alice-password');
    await page.waitForURL((u) => u.href.startsWith(callback));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe(state);
    const tokens = await client.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce,
    });
    expect(tokens.claims()).toMatchObject({ sub: 'a1b2c3-alice', email_verified: true });
  });

  it("an OAuth preset (GitHub): the authorize page's form leads back with a code", async () => {
    const gh = await startOAuthPreset('github', { redirectUris: [callback] });
    closing.push(() => gh.close());
    const url = new URL(gh.endpoints.authorize!);
    const params = { client_id: gh.client.clientId, redirect_uri: callback, state: 'st-browser', scope: 'read:user' };
    url.search = new URLSearchParams(params).toString();
    const context = await browser.newContext();
    closing.push(() => context.close());
    const page = await context.newPage();
    await page.goto(url.href);
    await signIn(page, 'bob', 'bob-password');
    await page.waitForURL((u) => u.href.startsWith(callback));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('st-browser');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{20}$/);
  });
});
