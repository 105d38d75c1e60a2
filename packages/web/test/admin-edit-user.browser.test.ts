// An administrator edits another user's profile from /admin/users (issue 14, item 12): username,
// email, role, locked and a new password in one dialog, one request. "Send a new password by
// email" says plainly that this Tarmac cannot send mail and points at setting one: nothing is
// sent. The user then signs in with the password the admin set; locking signs them out. English
// and light, Chinese and dark; the dialog is driven by keyboard where it counts. Any console error
// fails the test. Screenshots: test-results/screenshots/web-admin-edit-user-en.png and -zh-CN.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, pressByKeyboard, screenshot } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { api, startServer } from '../../server/test/helpers/server.ts';
import type { TestServer, TestUser } from '../../server/test/helpers/server.ts';
import { signedIn } from './signed-in.ts';

const available = chromiumAvailable();

describe.skipIf(!available)("editing another user's profile in chromium", () => {
  let server: TestServer;
  let browser: Browser;
  let admin: TestUser;
  let target: TestUser;
  const open: DeviceContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = await server.newUser({ role: 'admin', username: `chief_${process.pid}` });
    target = await server.newUser({ role: 'member', username: `tester_${process.pid}` });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const device of open) await device.context.close();
    await browser?.close();
    await server?.close();
  });

  async function signedInAs(user: TestUser, next: string, colorScheme: 'light' | 'dark') {
    const device = await signedIn(browser, server, user, { next, colorScheme, watch: (r) => r.method() === 'PUT' && r.url().includes('/api/users/') });
    open.push(device);
    return { ...device, puts: device.requests };
  }

  async function openEdit(page: Page, name: string, actions: string, edit: string, title: string) {
    const row = page.getByRole('table').getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: actions }).click();
    await page.getByRole('menuitem', { name: edit }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  it('English, light: email, role and a password set by the admin, saved at once; "send" says mail is not set up', async () => {
    const { page, errors, puts } = await signedInAs(admin, `/admin/users?q=${target.username}`, 'light');
    const dialog = await openEdit(page, target.username, `Actions for ${target.username}`, 'Edit user', `Edit ${target.username}`);
    await expect(dialog.getByRole('button', { name: 'Save', exact: true }).isDisabled()).resolves.toBe(true);
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await email.fill(`qa_${process.pid}@example.com`);
    await dialog.getByRole('textbox', { name: 'Role' }).or(dialog.getByRole('combobox', { name: 'Role' })).first().click();
    await page.getByRole('option', { name: 'Developer', exact: true }).click();
    await dialog.getByLabel('New password').fill('chosen-by-the-admin');

    const send = dialog.getByRole('button', { name: 'Send a new password by email' });
    await pressByKeyboard(send);
    const status = dialog.getByRole('status').filter({ hasText: 'Email is not set up' });
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain('This Tarmac cannot send email yet, so nothing was sent.');
    expect(puts).toEqual([]);
    await screenshot(page, 'web-admin-edit-user-en');

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`${target.username} is saved.`).waitFor();
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!.split(' ').slice(2).join(' '))).toEqual({ email: `qa_${process.pid}@example.com`, role: 'developer', password: 'chosen-by-the-admin' });
    const stored = await api(server, `/api/users/${target.id}`, { token: admin.token });
    expect(stored.body).toMatchObject({ email: `qa_${process.pid}@example.com`, role: 'developer', locked: false });
    const signIn = await api(server, '/api/session', { method: 'POST', json: { login: target.username, password: 'chosen-by-the-admin' } });
    expect(signIn.status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('Chinese, dark: locking from the same dialog, and the mail sentence in Chinese', async () => {
    const set = await api(server, '/api/user', { method: 'PUT', token: admin.token, json: { locale: 'zh-CN', appearance: 'dark' } });
    expect(set.status).toBe(200);
    const { page, errors } = await signedInAs(admin, `/admin/users?q=${target.username}`, 'dark');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    const actions = (await page.getByRole('table').getByRole('row').filter({ hasText: target.username }).getByRole('button').first().getAttribute('aria-label'))!;
    const dialog = await openEdit(page, target.username, actions, '编辑用户', `编辑 ${target.username}`);
    const locked = dialog.getByRole('switch', { name: '已锁定' });
    await locked.focus();
    await page.keyboard.press('Space');
    await expect(locked.isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: '通过邮件发送新密码' }).click();
    await dialog.getByRole('status').filter({ hasText: '未配置邮件' }).waitFor();
    await screenshot(page, 'web-admin-edit-user-zh-CN');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await api(server, `/api/users/${target.id}`, { token: admin.token });
    expect(stored.body).toMatchObject({ locked: true });
    expect(errors).toEqual([]);
  });
});
