// The mails of the account flows that are not in messages.ts: the one-time sign-in link and the
// test message an administrator sends from the mail card. English and Chinese, text and HTML,
// every user value escaped (compose in messages.ts), subjects on one line.
import { oneLine } from './mailer.ts';
import { compose } from './messages.ts';
import type { BuiltMail, MailLocale } from './messages.ts';

export interface SignInLinkMail {
  locale: MailLocale;
  username: string;
  /** The page that shows "Sign in as …" and a button (a mail scanner's GET does not use the link up). */
  url: string;
  /** How long the link works. */
  expiresMinutes: number;
}

const SIGN_IN_LINK = {
  en: {
    subject: 'Your Tarmac sign-in link',
    intro: (user: string) => `Someone asked for a link to sign in to the Tarmac account ${user}.`,
    action: 'Sign in',
    expiry: (minutes: number) => `The link works once, for ${minutes} minutes.`,
    ignore: 'If it was not you, ignore this email: nobody can sign in without the link.',
  },
  'zh-CN': {
    subject: '你的 Tarmac 登录链接',
    intro: (user: string) => `有人请求登录 Tarmac 账户 ${user} 的链接。`,
    action: '登录',
    expiry: (minutes: number) => `链接只能使用一次，${minutes} 分钟内有效。`,
    ignore: '如果不是你本人操作，请忽略此邮件：没有此链接无法登录。',
  },
};

/** "Your sign-in link": the link and how long it works. */
export function signInLinkMail(mail: SignInLinkMail): BuiltMail {
  const t = SIGN_IN_LINK[mail.locale];
  const user = oneLine(mail.username);
  return compose(mail.locale, t.subject, [t.intro(user), { url: mail.url, label: t.action }, t.expiry(mail.expiresMinutes), t.ignore]);
}

const ADMIN_TEST = {
  en: {
    subject: 'Tarmac test message',
    body: (user: string) => `${user} sent this test message from the mail settings of Tarmac: mail works.`,
    open: 'Open Tarmac',
  },
  'zh-CN': {
    subject: 'Tarmac 测试邮件',
    body: (user: string) => `${user} 从 Tarmac 的邮件设置发送了这封测试邮件：邮件可以正常发送。`,
    open: '打开 Tarmac',
  },
};

/** What the administrators' "Send test mail" button sends. */
export function adminTestMail(mail: { locale: MailLocale; sentBy: string; url: string }): BuiltMail {
  const t = ADMIN_TEST[mail.locale];
  return compose(mail.locale, t.subject, [t.body(oneLine(mail.sentBy)), { url: mail.url, label: t.open }]);
}
