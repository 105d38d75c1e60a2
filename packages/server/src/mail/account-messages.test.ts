// The sign-in link and admin test mails: both languages, the link and its lifetime, user text
// escaped in the HTML, subjects on one line, only http(s) links clickable.
import { describe, expect, it } from 'vitest';
import { adminTestMail, signInLinkMail } from './account-messages.ts';

describe('signInLinkMail', () => {
  it('gives the link and its lifetime, in both languages', () => {
    const en = signInLinkMail({ locale: 'en', username: 'ada', url: 'https://t.example/sign-in/link?key=k', expiresMinutes: 15 });
    expect(en.subject).toBe('Your Tarmac sign-in link');
    expect(en.text).toBe([
      'Someone asked for a link to sign in to the Tarmac account ada.',
      'Sign in: https://t.example/sign-in/link?key=k',
      'The link works once, for 15 minutes.',
      'If it was not you, ignore this email: nobody can sign in without the link.',
    ].join('\n\n'));
    expect(en.html).toContain('<a href="https://t.example/sign-in/link?key=k">Sign in</a>');
    const zh = signInLinkMail({ locale: 'zh-CN', username: 'ada', url: 'https://t.example/x', expiresMinutes: 15 });
    expect(zh.subject).toBe('你的 Tarmac 登录链接');
    expect(zh.text).toContain('15 分钟内有效');
    expect(zh.html).toContain('<html lang="zh-CN">');
  });

  it('escapes the user name, keeps it on one line and links only http(s)', () => {
    const mail = signInLinkMail({ locale: 'en', username: '<b>x</b>\r\nBcc: y@example.com', url: 'javascript:alert(1)', expiresMinutes: 1 });
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt; Bcc: y@example.com');
    expect(mail.html).not.toContain('<b>x');
    expect(mail.html).not.toContain('href=');
  });
});

describe('adminTestMail', () => {
  it('says who sent it, in both languages', () => {
    expect(adminTestMail({ locale: 'en', sentBy: '<ada>', url: 'https://t.example' })).toMatchObject({
      subject: 'Tarmac test message',
      text: '<ada> sent this test message from the mail settings of Tarmac: mail works.\n\nOpen Tarmac: https://t.example',
    });
    const zh = adminTestMail({ locale: 'zh-CN', sentBy: 'ada', url: 'https://t.example' });
    expect(zh.subject).toBe('Tarmac 测试邮件');
    expect(zh.text).toContain('ada 从 Tarmac 的邮件设置发送了这封测试邮件');
  });
});
