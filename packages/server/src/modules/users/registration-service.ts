// Who may create their own account, and the confirmation of a local sign-up's email. The
// registration policy (settings) decides whether a stranger may sign up: closed, open, open to
// listed email domains, or by invitation only (modules/invitations). New accounts get the
// default role. While email confirmation is required (and mail is configured) a sign-up gets no
// session: a mailed link (24 hours, single use) confirms the address and signs in.
import type { AccountTokens } from '../../auth/account-tokens.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SettingsService } from '../settings/service.ts';
import { checkUserFields, emailDomainAllowed } from './fns.ts';
import type { UsersRepository } from './repository.ts';
import type { UsersService } from './service.ts';
import { toUser } from './service.ts';
import type { RegisterInput, User } from './types.ts';

export const CONFIRMATION_PURPOSE = 'email-confirmation';
import { CONFIRMATION_TTL_HOURS } from './fns.ts';

export { CONFIRMATION_TTL_HOURS } from './fns.ts';

interface Deps {
  usersService: Pick<UsersService, 'createAccount'>;
  usersRepository: Pick<UsersRepository, 'findByEmail' | 'findById' | 'update'>;
  settingsService: Pick<SettingsService, 'get' | 'confirmationRequired'>;
  accountTokens: Pick<AccountTokens, 'issue' | 'consume'>;
  mailer: Mailer;
  /** Where the links in mails point (TARMAC_EXTERNAL_URL). */
  externalUrl: string;
  clock: Clock;
}

export const SIGNUP_CLOSED = 'Sign-up is closed on this Tarmac: ask an administrator for an account';
const INVITATION_ONLY = 'Sign-up on this Tarmac is by invitation only: follow the link of an invitation mail';
const CONFIRMATION_INVALID = 'This confirmation link is unknown, already used or expired: ask for a new one';

export function createRegistrationService(deps: Deps) {
  const { usersService, usersRepository, settingsService, accountTokens, mailer, clock } = deps;

  /** Refuses a sign-up the policy does not allow, after the fields themselves were checked. */
  async function assertMaySignUp(email: string): Promise<void> {
    const policy = await settingsService.get('registration_policy');
    if (policy === 'closed') throw new ForbiddenError(SIGNUP_CLOSED, 'signup.closed');
    if (policy === 'invitation') throw new ForbiddenError(INVITATION_ONLY, 'signup.invitation_only');
    if (policy === 'domains') {
      const domains = await settingsService.get('registration_domains');
      if (!emailDomainAllowed(email, domains)) {
        const list = domains.join(', ');
        const message = domains.length === 0
          ? SIGNUP_CLOSED
          : `Sign-up on this Tarmac is open only to addresses at ${list}: "${email}" is not one`;
        throw new ForbiddenError(message, 'signup.domain_not_allowed', { domains: list });
      }
    }
  }

  async function sendConfirmation(user: User): Promise<boolean> {
    const { secret } = await accountTokens.issue({
      purpose: CONFIRMATION_PURPOSE, userId: user.id, email: user.email, ttlMs: CONFIRMATION_TTL_HOURS * 3600_000, replace: true,
    });
    const { emailConfirmationMail } = await import('../../mail/registration-messages.ts');
    const confirmUrl = `${deps.externalUrl}/confirm-email?key=${encodeURIComponent(secret)}`;
    const mail = emailConfirmationMail({ locale: user.locale, username: user.username, confirmUrl, expiresHours: CONFIRMATION_TTL_HOURS });
    const result = await mailer.send({ to: user.email, toName: user.username, ...mail });
    return result.ok;
  }

  return {
    /**
     * Sign-up under the registration policy, with the default role whatever is sent. Answers the
     * account and whether a confirmation mail went out instead of a session.
     */
    async register(input: RegisterInput): Promise<{ user: User; confirmationPending: boolean }> {
      const { errors } = checkUserFields(input, ['username', 'email', 'password']);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await assertMaySignUp(input.email.trim());
      const role = await settingsService.get('default_role');
      const unconfirmed = await settingsService.confirmationRequired();
      const user = await usersService.createAccount({ ...input, role, appearance: 'auto' }, { unconfirmed });
      if (unconfirmed) await sendConfirmation(user);
      return { user, confirmationPending: unconfirmed };
    },

    /** Confirms the email of the link's account (once); answers its id to sign it in. */
    async confirm(key: string): Promise<number> {
      const token = await accountTokens.consume(CONFIRMATION_PURPOSE, key);
      const row = token?.userId ? await usersRepository.findById(token.userId) : undefined;
      // An address changed since the mail was sent is not confirmed by the old link.
      if (!token || !row || row.email.toLowerCase() !== (token.email ?? '').toLowerCase()) {
        throw new NotFoundError(CONFIRMATION_INVALID, 'email_confirmation.invalid');
      }
      if (row.email_confirmed_at === null) {
        await usersRepository.update(row.id, { email_confirmed_at: clock.now(), updated_at: clock.now() });
      }
      return row.id;
    },

    /** A new link for an unconfirmed account at this address; nothing (and the same answer) otherwise. */
    async resend(email: string): Promise<void> {
      const row = email.trim() === '' ? undefined : await usersRepository.findByEmail(email.trim());
      if (!row || row.email_confirmed_at !== null || row.locked) return;
      await sendConfirmation(toUser(row));
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
