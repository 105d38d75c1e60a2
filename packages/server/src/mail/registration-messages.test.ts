// The mails of who may join: both languages, values from users escaped in the HTML and kept on
// one line in the subject, only http(s) links made links.
import { describe, expect, it } from 'vitest';
import { emailConfirmationMail, invitationMail } from './registration-messages.ts';

describe('invitationMail', () => {
  const base = { inviter: 'ana', appNames: ['Rocket'], acceptUrl: 'https://t.example/invitations/accept?key=k', expiresDays: 7 };

  it('names the inviter and the apps, with the link, in English and Chinese', () => {
    const en = invitationMail({ ...base, locale: 'en', existingAccount: false });
    expect(en.subject).toBe('ana invited you to Tarmac');
    expect(en.text).toContain('You will see: Rocket.');
    expect(en.text).toContain('Accept the invitation: https://t.example/invitations/accept?key=k');
    expect(en.html).toContain('<a href="https://t.example/invitations/accept?key=k">');
    const zh = invitationMail({ ...base, locale: 'zh-CN', existingAccount: true, appNames: ['Rocket', 'Comet'] });
    expect(zh.subject).toBe('ana 邀请你加入 Tarmac');
    expect(zh.text).toContain('你将可以访问：Rocket、Comet。');
    expect(zh.text).toContain('登录即可看到该应用');
  });

  it('escapes names in the HTML, keeps the subject on one line and links only http(s)', () => {
    const mail = invitationMail({
      ...base, locale: 'en', existingAccount: false, inviter: 'eve\r\nBcc: x@evil.example', appNames: ['<script>alert(1)</script>'],
      acceptUrl: 'javascript:alert(1)',
    });
    expect(mail.subject).toBe('eve Bcc: x@evil.example invited you to Tarmac');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('href="javascript:');
  });
});

describe('emailConfirmationMail', () => {
  it('carries the link and how long it works', () => {
    const mail = emailConfirmationMail({ locale: 'en', username: 'bo', confirmUrl: 'https://t.example/confirm-email?key=k', expiresHours: 24 });
    expect(mail.subject).toBe('Confirm your email for Tarmac');
    expect(mail.text).toContain('Confirm my email: https://t.example/confirm-email?key=k');
    expect(mail.text).toContain('24 hours');
    expect(emailConfirmationMail({ locale: 'zh-CN', username: 'bo', confirmUrl: 'https://x', expiresHours: 24 }).subject).toBe('请确认你的 Tarmac 邮箱');
  });
});
