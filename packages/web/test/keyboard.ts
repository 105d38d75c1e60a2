// The keyboard walks' helpers (issue 14, "keyboard-only use works for every flow"): focus moves
// only by keys. `tabTo` presses Tab (or Shift+Tab) until a control has the focus and fails when
// it never gets there (an unreachable control); `expectFocusOn` checks where a dialog, menu or
// closing put the focus; `focusRing` answers whether the focused element shows an outline or a
// box-shadow ring (computed style), so a focus that cannot be seen fails too.
import type { Browser, Locator, Page } from 'playwright-core';
import { openDevice, USER_AGENTS } from '../../server/test/helpers/browser.ts';
import type { DeviceContext } from '../../server/test/helpers/browser.ts';
import { settled } from '../../server/test/helpers/a11y.ts';

/** What has the focus, for failure messages: tag, role and accessible-ish name. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const role = element.getAttribute('role');
    return `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name}"`;
  });
}

/** Whether `target` (its first match) has the focus. */
export async function isFocused(target: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false;
  return target.first().evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; answers how many presses it took. */
export async function tabTo(target: Locator, options: { back?: boolean; max?: number } = {}): Promise<number> {
  const page = target.page();
  const max = options.max ?? 60;
  // A screen still loading its chunk has nothing to Tab through yet: wait until the target is there.
  await target.first().waitFor({ state: 'attached' });
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`tabTo: ${String(target)} not reached in ${max} presses; the focus is on ${await describeFocus(page)}`);
}

/** Waits until `target` has the focus (a dialog that opened, a dialog that closed and gave it back). */
export async function expectFocusOn(target: Locator, timeoutMs = 5000): Promise<void> {
  const page = target.page();
  const deadline = Date.now() + timeoutMs;
  while (!(await isFocused(target))) {
    if (Date.now() > deadline) throw new Error(`expected the focus on ${String(target)}; it is on ${await describeFocus(page)}`);
    await page.waitForTimeout(50);
  }
}

/** The focused element's visible ring: its outline or box-shadow (computed), or '' when it shows none. */
export async function focusRing(page: Page): Promise<string> {
  await settled(page); // a border or ring fading in
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '';
    // A Mantine input draws its focus on the input itself (border colour); a checkbox, radio or
    // switch on the visible control beside the hidden input; the ring is looked for on both.
    const candidates = [element, element.closest('[class*="-root"]'), element.nextElementSibling].filter((node) => node !== null);
    for (const node of candidates) {
      const style = getComputedStyle(node);
      const width = Number.parseFloat(style.outlineWidth);
      if (style.outlineStyle !== 'none' && width > 0) return `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
    }
    // Text fields: Mantine marks the focus by drawing the border in the primary colour.
    if (element.matches('input, textarea')) {
      const probe = document.createElement('span');
      probe.style.color = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      const border = getComputedStyle(element).borderColor;
      if (border === primary) return `border ${border}`;
    }
    return '';
  });
}

/** Fails unless the focused element shows a ring; `where` names the step. */
export async function expectFocusVisible(page: Page, where: string): Promise<void> {
  const ring = await focusRing(page);
  if (ring !== '') return;
  const style = await page.evaluate(() => {
    const computed = getComputedStyle(document.activeElement ?? document.body);
    return `outline ${computed.outlineStyle} ${computed.outlineWidth}, box-shadow ${computed.boxShadow}, border ${computed.borderColor}`;
  });
  throw new Error(`${where}: the focus on ${await describeFocus(page)} shows no outline or ring (${style})`);
}

/** Types into the focused field, replacing what it holds. */
export async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text !== '') await page.keyboard.type(text);
}

/** Signs in through the sign-in form by keyboard only (Tab to the field, typing, Enter); waits for `next`. */
export async function signInByKeyboard(
  page: Page,
  serverUrl: string,
  user: { username: string; password: string },
  options: { next?: string; labels?: { user: string; password: string } } = {},
): Promise<void> {
  const labels = options.labels ?? { user: 'Username or email', password: 'Password' };
  await page.goto(`${serverUrl}/login${options.next ? `?next=${encodeURIComponent(options.next)}` : ''}`);
  const name = page.getByRole('textbox', { name: labels.user });
  await name.waitFor();
  await tabTo(name);
  await expectFocusVisible(page, 'sign-in: username');
  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await expectFocusOn(page.getByRole('textbox', { name: labels.password }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${serverUrl}${options.next ?? '/'}`);
}

/**
 * Chooses `file` from the focused drop zone as a keyboard user does: Enter opens the browser's file
 * chooser, which Playwright answers with the file. Chromium does not always report that chooser
 * to Playwright (seen on a busy machine); then the file is set on the drop zone's file input
 * (setInputFiles), the one step no key can do, after Enter was pressed on the drop zone.
 */
export async function chooseFileByKeyboard(dropzone: Locator, file: string): Promise<void> {
  const page = dropzone.page();
  if (!(await isFocused(dropzone))) throw new Error(`chooseFileByKeyboard: ${String(dropzone)} does not have the focus`);
  const chooser = page.waitForEvent('filechooser', { timeout: 3000 }).catch(() => null);
  await page.keyboard.press('Enter');
  const opened = await chooser;
  if (opened) await opened.setFiles(file);
  else await dropzone.locator('input[type="file"]').setInputFiles(file);
}

/**
 * A desktop Chromium context (1280×900) in `colorScheme` and `locale`, signed in as `user` by
 * keyboard (signInByKeyboard) and on `next`. The caller closes it (closeBrowserTest).
 */
export async function desktopSignedInByKeyboard(
  browser: Browser,
  serverUrl: string,
  user: { username: string; password: string },
  options: { next: string; colorScheme: 'light' | 'dark'; locale?: string; labels?: { user: string; password: string } },
): Promise<DeviceContext> {
  const { next, colorScheme, locale, labels } = options;
  const viewport = { width: 1280, height: 900 };
  const device = await openDevice(browser, USER_AGENTS.linux, { viewport, colorScheme, ...(locale ? { locale } : {}) });
  device.page.setDefaultTimeout(10_000);
  await signInByKeyboard(device.page, serverUrl, user, { next, labels });
  return device;
}
