// The account flows that go through the mail: a forgotten password reset by a mailed link, and a
// one-time sign-in link (passwordless). Asking for a mail answers the same, as fast, whether or not
// an account has the address: the look-up, the token and the sending run in the background after
// the answer (`pending` is drained when the server closes), and failures only reach the log.
// A link's secret is an account token (auth/account-tokens.ts: only its hash stored, single use,
// a new one voids the older). A locked account gets no mail and no session.
import type { AccountTokens } from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import type { MailConfig } from '../../config.ts';
import type { UserRow } from '../../db/types.ts';
import type { JobLog } from '../../jobs/deps.ts';
import { ACCOUNT_LOCKED, fieldIssue, ForbiddenError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { BuiltMail } from '../../mail/messages.ts';
import type { SessionsRepository } from '../sessions/repository.ts';
import type { LocalSignIn, SessionsService, SignInInput } from '../sessions/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { checkUserFields } from '../users/fns.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
import type { UsersRepository } from '../users/repository.ts';

export const RESET_MINUTES = 30;
export const SIGN_IN_LINK_MINUTES = 15;

import { MAIL_NOT_CONFIGURED } from './schemas.ts';

export { MAIL_NOT_CONFIGURED } from './schemas.ts';
const LINK_EXPIRED = 'This link is unknown, used or expired: ask for a new one';

interface Deps {
  accountTokens: AccountTokens;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByEmail' | 'update'>;
  sessionsRepository: Pick<SessionsRepository, 'deleteForUser'>;
  /** Opens the session once a link is used, or asks for the second factor of an account that has one. */
  sessionsService: Pick<SessionsService, 'beginLocal'>;
  settingsService: Pick<SettingsService, 'get'>;
  mailer: Mailer;
  mail: MailConfig | null;
  externalUrl: string;
  clock: Clock;
  log: JobLog;
}

export type Client = Pick<SignInInput, 'userAgent' | 'ip'>;

/** What a link page shows before the button: whose account, until when. */
export interface LinkInfo {
  username: string;
  expiresAt: string;
}

export function createAccountMailService(deps: Deps) {
  const { accountTokens, usersRepository, mailer, clock, log } = deps;
  const pending = new Set<Promise<void>>();
  const base = deps.externalUrl.replace(/\/+$/, '');

  function assertMail(email: string): void {
    if (!EMAIL_PATTERN.test(email.trim())) throw new ValidationError({ email: [fieldIssue('email', 'is not an email address')] });
    if (deps.mail === null) throw new ServiceUnavailableError(MAIL_NOT_CONFIGURED, 'mail.not_configured');
  }

  async function assertLinksOn(): Promise<void> {
    if (deps.mail === null || !(await deps.settingsService.get('sign_in_link_enabled'))) {
      throw new ForbiddenError('Sign-in links are turned off on this server', 'account.sign_in_link_disabled');
    }
  }

  /** Runs after the answer; only the log hears how it went. */
  function later(what: string, work: () => Promise<void>): void {
    const job = work()
      .catch((error: unknown) => log.error({ err: error }, `${what}: the mail was not sent`))
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  /** The account an address names, if it may get a mail (a locked one may not). */
  async function recipient(email: string): Promise<UserRow | undefined> {
    const user = await usersRepository.findByEmail(email.trim());
    return user && !user.locked ? user : undefined;
  }

  async function send(what: string, user: UserRow, built: BuiltMail): Promise<void> {
    const result = await mailer.send({ to: user.email, toName: user.username, ...built });
    if (result.ok) log.info({ userId: user.id }, `${what}: mail sent`);
    else log.warn({ userId: user.id, failure: result.failure, reason: result.message }, `${what}: the mail was not sent`);
  }

  /** The live token's user, or 404 (unknown, used, expired, the address changed) or 403 (locked). */
  async function holderOf(token: { userId: number | null; email: string | null } | undefined): Promise<UserRow> {
    const user = token?.userId == null ? undefined : await usersRepository.findById(token.userId);
    if (!user || user.email !== token?.email) throw new NotFoundError(LINK_EXPIRED, 'account.link_expired');
    if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
    return user;
  }

  async function peek(purpose: 'password-reset' | 'sign-in-link', key: string): Promise<LinkInfo> {
    const token = await accountTokens.peek(purpose, key);
    const user = await holderOf(token);
    return { username: user.username, expiresAt: token!.expiresAt };
  }

  return {
    /** Whether outgoing mail is configured (TARMAC_SMTP_URL). */
    mailEnabled: deps.mail !== null,

    /** "I forgot my password": mails a reset link if an account has this address; answers at once either way. */
    requestPasswordReset(email: string): void {
      assertMail(email);
      later('Password reset', async () => {
        const user = await recipient(email);
        if (!user) return;
        const { secret } = await accountTokens.issue({
          purpose: 'password-reset', userId: user.id, email: user.email, ttlMs: RESET_MINUTES * 60_000, replace: true,
        });
        const { passwordResetMail } = await import('../../mail/messages.ts');
        const resetUrl = `${base}/reset-password?key=${secret}`;
        await send('Password reset', user, passwordResetMail({ locale: user.locale, username: user.username, resetUrl, expiresMinutes: RESET_MINUTES }));
      });
    },

    /** Whose password a reset key would change, without using it. */
    resetInfo: (key: string) => peek('password-reset', key),

    /** Sets the password a reset key allows, ends every session of the account and signs this browser in. */
    async resetPassword(key: string, password: string, client: Client): Promise<LocalSignIn> {
      const { errors, values } = checkUserFields({ password }, ['password']);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await holderOf(await accountTokens.peek('password-reset', key));
      const user = await holderOf(await accountTokens.consume('password-reset', key));
      const passwordHash = await hashPassword(values.password!);
      await usersRepository.update(user.id, { password_hash: passwordHash, updated_at: clock.now() });
      await deps.sessionsRepository.deleteForUser(user.id);
      await accountTokens.voidFor('password-reset', user.id);
      await accountTokens.voidFor('sign-in-link', user.id);
      return deps.sessionsService.beginLocal(user, client);
    },

    /** "Email me a sign-in link": mails one if sign-in links are on and an account has this address. */
    async requestSignInLink(email: string): Promise<void> {
      assertMail(email);
      await assertLinksOn();
      later('Sign-in link', async () => {
        const user = await recipient(email);
        if (!user) return;
        const { secret } = await accountTokens.issue({
          purpose: 'sign-in-link', userId: user.id, email: user.email, ttlMs: SIGN_IN_LINK_MINUTES * 60_000, replace: true,
        });
        const { signInLinkMail } = await import('../../mail/account-messages.ts');
        const url = `${base}/sign-in/link?key=${secret}`;
        await send('Sign-in link', user, signInLinkMail({ locale: user.locale, username: user.username, url, expiresMinutes: SIGN_IN_LINK_MINUTES }));
      });
    },

    /** Whose account a sign-in link opens, without using it (the page shows a button first). */
    async signInLinkInfo(key: string): Promise<LinkInfo> {
      await assertLinksOn();
      return peek('sign-in-link', key);
    },

    /** Uses a sign-in link: once, then it is void. */
    async confirmSignInLink(key: string, client: Client): Promise<LocalSignIn> {
      await assertLinksOn();
      await holderOf(await accountTokens.peek('sign-in-link', key));
      const user = await holderOf(await accountTokens.consume('sign-in-link', key));
      return deps.sessionsService.beginLocal(user, client);
    },

    /** Waits for the mails still being sent (the server is closing). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type AccountMailService = ReturnType<typeof createAccountMailService>;
