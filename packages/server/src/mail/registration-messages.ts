// The mails of who may join, in English and Chinese: the confirmation link of a local sign-up
// and an invitation (to create an account, or to sign in and see the apps it brings). Pure
// functions from what a mail says to its subject and bodies; values from users (names, app
// names) are escaped in the HTML and kept on one line in the subject.
import { html } from '../pages/html.ts';
import type { SafeHtml } from '../pages/html.ts';
import { oneLine } from './mailer.ts';
import type { BuiltMail, MailLocale } from './messages.ts';

export interface EmailConfirmationMail {
  locale: MailLocale;
  username: string;
  confirmUrl: string;
  /** How long the link works. */
  expiresHours: number;
}

export interface InvitationMail {
  locale: MailLocale;
  /** Who invited: a Tarmac username. */
  inviter: string;
  /** The apps the invitation brings, by name (may be empty). */
  appNames: string[];
  acceptUrl: string;
  expiresDays: number;
  /** The address has an account already: the mail says to sign in to see the apps. */
  existingAccount: boolean;
}

type Paragraph = string | { url: string; label: string };

function compose(locale: MailLocale, subject: string, paragraphs: Paragraph[]): BuiltMail {
  const text = paragraphs.map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.url}`)).join('\n\n');
  const body: SafeHtml[] = paragraphs.map((part) => {
    if (typeof part === 'string') return html`<p>${part}</p>`;
    return /^https?:\/\//i.test(part.url) ? html`<p><a href="${part.url}">${part.label}</a></p>` : html`<p>${part.label}</p>`;
  });
  const page = html`<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
  return { subject: oneLine(subject), text, html: page.value };
}

const CONFIRM = {
  en: {
    subject: 'Confirm your email for Tarmac',
    intro: (user: string) => `Hello ${user}, please confirm this email address to finish creating your Tarmac account.`,
    action: 'Confirm my email',
    expiry: (hours: number) => `The link works for ${hours} hours, once.`,
    ignore: 'If you did not sign up, ignore this email: the account stays unusable.',
  },
  'zh-CN': {
    subject: '请确认你的 Tarmac 邮箱',
    intro: (user: string) => `${user}，你好！请确认此邮箱地址以完成 Tarmac 账号注册。`,
    action: '确认邮箱',
    expiry: (hours: number) => `链接 ${hours} 小时内有效，只能使用一次。`,
    ignore: '如果你没有注册，请忽略此邮件，该账号将无法使用。',
  },
};

/** "Confirm your email": the link a local sign-up follows before it can sign in. */
export function emailConfirmationMail(mail: EmailConfirmationMail): BuiltMail {
  const t = CONFIRM[mail.locale];
  const user = oneLine(mail.username);
  return compose(mail.locale, t.subject, [t.intro(user), { url: mail.confirmUrl, label: t.action }, t.expiry(mail.expiresHours), t.ignore]);
}

const INVITE = {
  en: {
    subject: (inviter: string) => `${inviter} invited you to Tarmac`,
    intro: (inviter: string) => `${inviter} invited you to join Tarmac, where the team shares its app builds.`,
    apps: (names: string) => `You will see: ${names}.`,
    create: 'Accept the invitation',
    existing: 'You already have an account with this address: sign in to see the app.',
    signIn: 'Sign in and accept',
    expiry: (days: number) => `The invitation works for ${days} days.`,
    ignore: 'If you do not know the sender, ignore this email.',
  },
  'zh-CN': {
    subject: (inviter: string) => `${inviter} 邀请你加入 Tarmac`,
    intro: (inviter: string) => `${inviter} 邀请你加入 Tarmac，团队在这里分发应用的测试版本。`,
    apps: (names: string) => `你将可以访问：${names}。`,
    create: '接受邀请',
    existing: '此地址已有账号：登录即可看到该应用。',
    signIn: '登录并接受邀请',
    expiry: (days: number) => `邀请 ${days} 天内有效。`,
    ignore: '如果你不认识发件人，请忽略此邮件。',
  },
};

/** "<inviter> invited you": the link to create an account (or sign in) and join the apps. */
export function invitationMail(mail: InvitationMail): BuiltMail {
  const t = INVITE[mail.locale];
  const inviter = oneLine(mail.inviter);
  const names = mail.appNames.map(oneLine).join(mail.locale === 'en' ? ', ' : '、');
  const paragraphs: Paragraph[] = [t.intro(inviter)];
  if (names !== '') paragraphs.push(t.apps(names));
  if (mail.existingAccount) paragraphs.push(t.existing);
  paragraphs.push({ url: mail.acceptUrl, label: mail.existingAccount ? t.signIn : t.create }, t.expiry(mail.expiresDays), t.ignore);
  return compose(mail.locale, t.subject(inviter), paragraphs);
}
