// The mails Tarmac sends, in English and Chinese, as plain text and HTML: pure functions from
// what a mail says to its subject and bodies, no sending here (see mailer.ts). Every value
// from users (app and channel names, changelogs, user names) is escaped in the HTML, a
// subject stays on one line, and only http(s) links become links.
import { html } from '../pages/html.ts';
import type { SafeHtml } from '../pages/html.ts';
import { oneLine } from './mailer.ts';

export type MailLocale = 'en' | 'zh-CN';

export interface BuiltMail {
  subject: string;
  text: string;
  html: string;
}

export interface NewBuildMail {
  locale: MailLocale;
  appName: string;
  channelName: string;
  /** The release's version (CFBundleShortVersionString / versionName). */
  version: string;
  /** The build number, when the package has one. */
  buildVersion?: string;
  installUrl: string;
  /** The release's changelog, as typed (several lines). */
  changelog?: string;
  /** Where the subscriber stops these mails. */
  unsubscribeUrl?: string;
}

export interface PasswordResetMail {
  locale: MailLocale;
  username: string;
  resetUrl: string;
  /** How long the link works. */
  expiresMinutes: number;
}

export interface AccountCreatedMail {
  locale: MailLocale;
  username: string;
  /** Where the new user signs in or sets a password. */
  url: string;
}

/** The longest changelog a mail carries; the rest is on the install page. */
export const CHANGELOG_MAX_CHARS = 4000;


function clip(changelog: string | undefined): string | undefined {
  const text = changelog?.replace(/\r\n?/g, '\n').trim();
  if (text === undefined || text === '') return undefined;
  return text.length > CHANGELOG_MAX_CHARS ? text.slice(0, CHANGELOG_MAX_CHARS).trimEnd() + '…' : text;
}

/** A link for the HTML body: an http(s) URL becomes one, anything else stays text. */
function link(url: string, label: string): SafeHtml {
  return /^https?:\/\//i.test(url) ? html`<a href="${url}">${label}</a>` : html`${label}`;
}

function paragraphs(text: string): SafeHtml[] {
  return text.split('\n').map((line, index) => (index === 0 ? html`${line}` : html`<br>${line}`));
}

function page(lang: MailLocale, body: SafeHtml): string {
  return html`<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`.value;
}

const NEW_BUILD = {
  en: {
    subject: (app: string, channel: string, version: string) => `New build of ${app} ${channel}: ${version}`,
    intro: (app: string, channel: string, version: string) => `A new build of ${app} (${channel}) is ready: ${version}.`,
    install: 'Install it',
    changes: 'What changed:',
    unsubscribe: 'Stop these emails',
  },
  'zh-CN': {
    subject: (app: string, channel: string, version: string) => `${app} ${channel} 有新版本：${version}`,
    intro: (app: string, channel: string, version: string) => `${app}（${channel}）的新版本 ${version} 已可安装。`,
    install: '安装',
    changes: '更新内容：',
    unsubscribe: '不再接收此类邮件',
  },
};

/** "A new build of <app> <channel> <version>", with the install link and the changelog, for a channel's subscribers. */
export function newBuildMail(mail: NewBuildMail): BuiltMail {
  const t = NEW_BUILD[mail.locale];
  const app = oneLine(mail.appName);
  const channel = oneLine(mail.channelName);
  const version = oneLine(mail.buildVersion ? `${mail.version} (${mail.buildVersion})` : mail.version);
  const changelog = clip(mail.changelog);
  const text = [
    t.intro(app, channel, version),
    '',
    `${t.install}: ${mail.installUrl}`,
    ...(changelog ? ['', t.changes, changelog] : []),
    ...(mail.unsubscribeUrl ? ['', `${t.unsubscribe}: ${mail.unsubscribeUrl}`] : []),
  ].join('\n');
  const body = html`<p>${t.intro(app, channel, version)}</p>
<p>${link(mail.installUrl, t.install)}</p>
${changelog ? html`<p>${t.changes}</p><p>${paragraphs(changelog)}</p>` : ''}
${mail.unsubscribeUrl ? html`<p style="font-size:small">${link(mail.unsubscribeUrl, t.unsubscribe)}</p>` : ''}`;
  return { subject: t.subject(app, channel, version), text, html: page(mail.locale, body) };
}

export interface SubscribeConfirmMail {
  locale: MailLocale;
  appName: string;
  channelName: string;
  /** The page that asks to confirm (a GET shows a button; mail scanners follow GETs). */
  confirmUrl: string;
  /** How long the link works. */
  expiresHours: number;
}

export interface SubscribedByTeamMail {
  locale: MailLocale;
  appName: string;
  channelName: string;
  /** Who added the address: a Tarmac username. */
  addedBy: string;
  /** The channel's install page. */
  pageUrl: string;
  unsubscribeUrl: string;
}

/** A paragraph of a mail: a sentence, or a link (its label then its URL in the text body). */
export type Paragraph = string | { url: string; label: string; small?: boolean };

/** A mail from its paragraphs, as plain text (blank lines between) and as HTML. */
export function compose(locale: MailLocale, subject: string, paragraphs: Paragraph[]): BuiltMail {
  const text = paragraphs.map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.url}`)).join('\n\n');
  const body = paragraphs.map((part) => {
    if (typeof part === 'string') return html`<p>${part}</p>`;
    return part.small ? html`<p style="font-size:small">${link(part.url, part.label)}</p>` : html`<p>${link(part.url, part.label)}</p>`;
  });
  return { subject, text, html: page(locale, html`${body}`) };
}

const CONFIRM = {
  en: {
    subject: (app: string, channel: string) => `Confirm: new builds of ${app} ${channel} by email`,
    intro: (app: string, channel: string) => `Someone asked to get an email for each new build of ${app} (${channel}) at this address.`,
    action: 'Confirm',
    expiry: (hours: number) => `The link works for ${hours} hours.`,
    ignore: 'If it was not you, ignore this email: nothing more will be sent.',
  },
  'zh-CN': {
    subject: (app: string, channel: string) => `请确认：通过邮件接收 ${app} ${channel} 的新版本`,
    intro: (app: string, channel: string) => `有人请求在 ${app}（${channel}）每次发布新版本时向此地址发送邮件。`,
    action: '确认订阅',
    expiry: (hours: number) => `链接 ${hours} 小时内有效。`,
    ignore: '如果不是你本人操作，请忽略此邮件，之后不会再收到邮件。',
  },
};

/** "Confirm your subscription": double opt-in for the install page's form. */
export function subscribeConfirmMail(mail: SubscribeConfirmMail): BuiltMail {
  const t = CONFIRM[mail.locale];
  const app = oneLine(mail.appName);
  const channel = oneLine(mail.channelName);
  const action = { url: mail.confirmUrl, label: t.action };
  return compose(mail.locale, t.subject(app, channel), [t.intro(app, channel), action, t.expiry(mail.expiresHours), t.ignore]);
}

const TEAM_ADDED = {
  en: {
    subject: (app: string, channel: string) => `You will get new builds of ${app} ${channel} by email`,
    intro: (user: string, app: string, channel: string) => `${user} added this address to the testers of ${app} (${channel}) on Tarmac.`,
    body: 'You will get an email with the install link each time a new build is uploaded.',
    page: 'The install page',
    unsubscribe: 'Stop these emails',
  },
  'zh-CN': {
    subject: (app: string, channel: string) => `你将通过邮件收到 ${app} ${channel} 的新版本`,
    intro: (user: string, app: string, channel: string) => `${user} 在 Tarmac 上把此地址加入了 ${app}（${channel}）的测试者。`,
    body: '每次上传新版本时，你都会收到一封带安装链接的邮件。',
    page: '安装页面',
    unsubscribe: '不再接收此类邮件',
  },
};

/** "You were added": the welcome of an address the team added, saying who, with the unsubscribe link. */
export function subscribedByTeamMail(mail: SubscribedByTeamMail): BuiltMail {
  const t = TEAM_ADDED[mail.locale];
  const app = oneLine(mail.appName);
  const channel = oneLine(mail.channelName);
  const intro = t.intro(oneLine(mail.addedBy), app, channel);
  const links = [{ url: mail.pageUrl, label: t.page }, { url: mail.unsubscribeUrl, label: t.unsubscribe, small: true }];
  return compose(mail.locale, t.subject(app, channel), [intro, t.body, ...links]);
}

const RESET = {
  en: {
    subject: 'Reset your Tarmac password',
    intro: (user: string) => `Someone asked to reset the password of the Tarmac account ${user}.`,
    action: 'Choose a new password',
    expiry: (minutes: number) => `The link works once, for ${minutes} minutes.`,
    ignore: 'If it was not you, ignore this email: your password stays as it is.',
  },
  'zh-CN': {
    subject: '重置你的 Tarmac 密码',
    intro: (user: string) => `有人请求重置 Tarmac 账户 ${user} 的密码。`,
    action: '设置新密码',
    expiry: (minutes: number) => `链接只能使用一次，${minutes} 分钟内有效。`,
    ignore: '如果不是你本人操作，请忽略此邮件，密码不会改变。',
  },
};

/** "Reset your password": the link and how long it works. */
export function passwordResetMail(mail: PasswordResetMail): BuiltMail {
  const t = RESET[mail.locale];
  const user = oneLine(mail.username);
  const text = [t.intro(user), '', `${t.action}: ${mail.resetUrl}`, t.expiry(mail.expiresMinutes), '', t.ignore].join('\n');
  const body = html`<p>${t.intro(user)}</p>
<p>${link(mail.resetUrl, t.action)}</p>
<p>${t.expiry(mail.expiresMinutes)}</p>
<p>${t.ignore}</p>`;
  return { subject: t.subject, text, html: page(mail.locale, body) };
}

const CREATED = {
  en: {
    subject: 'Your Tarmac account was created',
    intro: (user: string) => `A Tarmac account was created for you, with the username ${user}.`,
    action: 'Sign in',
  },
  'zh-CN': {
    subject: '你的 Tarmac 账户已创建',
    intro: (user: string) => `已为你创建 Tarmac 账户，用户名为 ${user}。`,
    action: '登录',
  },
};

/** "Your account was created", with the link to sign in. */
export function accountCreatedMail(mail: AccountCreatedMail): BuiltMail {
  const t = CREATED[mail.locale];
  const user = oneLine(mail.username);
  const text = [t.intro(user), '', `${t.action}: ${mail.url}`].join('\n');
  const body = html`<p>${t.intro(user)}</p>
<p>${link(mail.url, t.action)}</p>`;
  return { subject: t.subject, text, html: page(mail.locale, body) };
}

const TEST = {
  en: {
    subject: 'Tarmac test message',
    body: (url: string) => `This message was sent by \`tarmac mail test\` from the Tarmac at ${url}: its mail settings work.`,
  },
  'zh-CN': {
    subject: 'Tarmac 测试邮件',
    body: (url: string) => `这封邮件由 ${url} 上的 Tarmac 通过 \`tarmac mail test\` 发送：邮件设置可用。`,
  },
};

/** What `tarmac mail test` sends. */
export function testMail(mail: { locale: MailLocale; url: string }): BuiltMail {
  const t = TEST[mail.locale];
  const text = t.body(mail.url);
  return { subject: t.subject, text, html: page(mail.locale, html`<p>${text}</p>`) };
}
