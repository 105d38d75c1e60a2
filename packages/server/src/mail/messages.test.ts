// The mail templates: what each mail says in English and Chinese, user text escaped in the
// HTML, subjects on one line, only http(s) links made clickable, long changelogs cut.
import { describe, expect, it } from 'vitest';
import { accountCreatedMail, CHANGELOG_MAX_CHARS, newBuildMail, passwordResetMail, subscribeConfirmMail, subscribedByTeamMail } from './messages.ts';
import { listUnsubscribeHeaders } from './smtp.ts';

const build = {
  locale: 'en' as const,
  appName: 'Acme',
  channelName: 'Beta',
  version: '1.2.0',
  buildVersion: '42',
  installUrl: 'https://tarmac.example.com/beta/releases/7',
  changelog: 'Faster start\nFixed the login',
  unsubscribeUrl: 'https://tarmac.example.com/unsubscribe/abc',
};

describe('newBuildMail', () => {
  it('names the app, channel and version, with the install link, the changelog and a way out', () => {
    const mail = newBuildMail(build);
    expect(mail.subject).toBe('New build of Acme Beta: 1.2.0 (42)');
    expect(mail.text).toBe([
      'A new build of Acme (Beta) is ready: 1.2.0 (42).',
      '',
      'Install it: https://tarmac.example.com/beta/releases/7',
      '',
      'What changed:',
      'Faster start\nFixed the login',
      '',
      'Stop these emails: https://tarmac.example.com/unsubscribe/abc',
    ].join('\n'));
    expect(mail.html).toContain('<a href="https://tarmac.example.com/beta/releases/7">Install it</a>');
    expect(mail.html).toContain('Faster start<br>Fixed the login');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('speaks Chinese', () => {
    const mail = newBuildMail({ ...build, locale: 'zh-CN', appName: '测试应用', channelName: '内测', buildVersion: undefined });
    expect(mail.subject).toBe('测试应用 内测 有新版本：1.2.0');
    expect(mail.text).toContain('测试应用（内测）的新版本 1.2.0 已可安装。');
    expect(mail.text).toContain('安装: https://tarmac.example.com/beta/releases/7');
    expect(mail.html).toContain('<html lang="zh-CN">');
    expect(mail.html).toContain('更新内容：');
  });

  it('leaves out the changelog and the way out when there are none', () => {
    const mail = newBuildMail({ ...build, changelog: '  \n ', unsubscribeUrl: undefined });
    expect(mail.text).not.toContain('What changed');
    expect(mail.text).not.toContain('Stop these emails');
    expect(mail.html).not.toContain('What changed');
  });

  it('escapes user text in the HTML and keeps the subject on one line', () => {
    const mail = newBuildMail({
      ...build,
      appName: '<script>alert(1)</script>\r\nBcc: evil@example.com',
      channelName: '"Beta" & <b>',
      changelog: '<img src=x onerror=alert(1)>',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('New build of <script>alert(1)</script> Bcc: evil@example.com "Beta" & <b>: 1.2.0 (42)');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&quot;Beta&quot; &amp; &lt;b&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('makes only http(s) URLs links, and escapes them', () => {
    const script = newBuildMail({ ...build, installUrl: 'javascript:alert(1)', unsubscribeUrl: 'data:text/html,x' });
    expect(script.html).not.toContain('href');
    const quoted = newBuildMail({ ...build, installUrl: 'https://x.example/"><script>' });
    expect(quoted.html).toContain('href="https://x.example/&quot;&gt;&lt;script&gt;"');
  });

  it('cuts a long changelog', () => {
    const mail = newBuildMail({ ...build, changelog: 'x'.repeat(CHANGELOG_MAX_CHARS + 500) });
    expect(mail.text).toContain('x'.repeat(CHANGELOG_MAX_CHARS) + '…');
    expect(mail.text).not.toContain('x'.repeat(CHANGELOG_MAX_CHARS + 1));
  });
});

describe('passwordResetMail', () => {
  it('gives the link and its expiry, in both languages', () => {
    const en = passwordResetMail({ locale: 'en', username: 'ada', resetUrl: 'https://t.example/reset/tok', expiresMinutes: 30 });
    expect(en.subject).toBe('Reset your Tarmac password');
    expect(en.text).toContain('Choose a new password: https://t.example/reset/tok');
    expect(en.text).toContain('for 30 minutes');
    expect(en.html).toContain('<a href="https://t.example/reset/tok">Choose a new password</a>');
    const zh = passwordResetMail({ locale: 'zh-CN', username: 'ada', resetUrl: 'https://t.example/reset/tok', expiresMinutes: 30 });
    expect(zh.subject).toBe('重置你的 Tarmac 密码');
    expect(zh.text).toContain('30 分钟内有效');
    expect(zh.text).toContain('设置新密码: https://t.example/reset/tok');
  });

  it('escapes the user name', () => {
    expect(passwordResetMail({ locale: 'en', username: '<i>x</i>', resetUrl: 'https://t.example/r', expiresMinutes: 5 }).html)
      .toContain('&lt;i&gt;x&lt;/i&gt;');
  });
});

describe('accountCreatedMail', () => {
  it('gives the sign-in link, in both languages', () => {
    const en = accountCreatedMail({ locale: 'en', username: 'ada', url: 'https://t.example/signin' });
    expect(en.subject).toBe('Your Tarmac account was created');
    expect(en.text).toBe('A Tarmac account was created for you, with the username ada.\n\nSign in: https://t.example/signin');
    expect(en.html).toContain('<a href="https://t.example/signin">Sign in</a>');
    const zh = accountCreatedMail({ locale: 'zh-CN', username: '<ada>', url: 'https://t.example/signin' });
    expect(zh.subject).toBe('你的 Tarmac 账户已创建');
    expect(zh.text).toContain('用户名为 <ada>。');
    expect(zh.html).toContain('用户名为 &lt;ada&gt;。');
  });
});

describe('subscribeConfirmMail and subscribedByTeamMail', () => {
  const names = { appName: '<b>Acme</b>\r\nBcc: x@example.com', channelName: 'Beta' };

  it('asks to confirm with the link and its lifetime, escaping the names and keeping the subject on one line', () => {
    const mail = subscribeConfirmMail({ locale: 'en', ...names, confirmUrl: 'https://t.example/beta/subscribe/confirm?token=abc', expiresHours: 48 });
    expect(mail.subject).toBe('Confirm: new builds of <b>Acme</b> Bcc: x@example.com Beta by email');
    expect(mail.text).toContain('Confirm: https://t.example/beta/subscribe/confirm?token=abc\n\nThe link works for 48 hours.');
    expect(mail.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Acme');
    expect(mail.html).toContain('<a href="https://t.example/beta/subscribe/confirm?token=abc">Confirm</a>');
  });

  it('tells an address the team added who added it, in Chinese, with the page and the way out', () => {
    const mail = subscribedByTeamMail({
      locale: 'zh-CN', appName: 'Acme', channelName: 'Beta', addedBy: 'alice', pageUrl: 'https://t.example/beta', unsubscribeUrl: 'javascript:alert(1)',
    });
    expect(mail.subject).toBe('你将通过邮件收到 Acme Beta 的新版本');
    expect(mail.text).toContain('alice 在 Tarmac 上把此地址加入了 Acme（Beta）的测试者。');
    expect(mail.html).toContain('<a href="https://t.example/beta">安装页面</a>');
    // Only http(s) becomes a link.
    expect(mail.html).not.toContain('href="javascript:');
  });
});

describe('listUnsubscribeHeaders', () => {
  it('gives one URL in angle brackets and the RFC 8058 one-click header, on one line', () => {
    expect(listUnsubscribeHeaders('https://t.example/beta/unsubscribe?token=a\r\nBcc: x>')).toEqual({
      'List-Unsubscribe': '<https://t.example/beta/unsubscribe?token=aBcc:x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
