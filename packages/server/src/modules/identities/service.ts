// Accounts and their identities at sign-in providers. Every provider kind hands its result here
// as an ExternalProfile, so the rules are the same for LDAP, OpenID Connect and each preset:
// - a known identity (provider + subject) signs its account in;
// - an unknown one never takes over an account by email alone: when an account already has the
//   provider's verified email, the person must sign in to that account and confirm the link;
//   an unverified email links nothing and creates nothing;
// - otherwise an account is created when the provider allows sign-up, with the default role.
import { siteLocale } from '../../shared/site-locale.ts';
import type { SiteLocaleSource } from '../../shared/site-locale.ts';
import type { AccountTokens } from '../../auth/account-tokens.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../auth/passwords.ts';
import type { Clock } from '../../clock.ts';
import type { AuthProviderRow, UserRow } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { isConstraintError } from '../../db/constraint-error.ts';
import { ACCOUNT_LOCKED, ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import { USERNAME_MAX } from '../users/fns.ts';
import type { IdentitiesRepository, IdentityWithProvider } from './repository.ts';
import type { ExternalProfile, ExternalSignInResult } from './types.ts';

/** How long a pending link (an existing account's email at a provider) waits for its owner's confirmation. */
export const LINK_TTL_MS = 15 * 60_000;

export interface Client {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface Deps<S> {
  /** Runs writes that land together (a new account and its identity). */
  transaction: <T>(work: (trx: Executor) => Promise<T>) => Promise<T>;
  identitiesRepository: IdentitiesRepository;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByEmail' | 'findByUsername' | 'insert' | 'update'>;
  settingsService: Pick<SettingsService, 'get'>;
  accountTokens: AccountTokens;
  /** Signs an account in (sessionsService.start): refuses a locked one. */
  startSession: (userId: number, client: Client) => Promise<S>;
  /** The language of an account a first sign-in makes: the default_locale setting (shared/site-locale.ts). */
  defaultLocale: SiteLocaleSource;
  clock: Clock;
}

interface PendingLink {
  providerId: number;
  subject: string;
  email: string;
  name: string | null;
}

/** A username from what the provider calls the person: no "@", spaces or control characters, 2 to 50 characters. */
export function usernameBase(profile: ExternalProfile): string {
  const raw = profile.username ?? profile.email?.split('@')[0] ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = [...raw.normalize('NFC').replace(/[@\s\u0000-\u001f\u007f]+/g, '')].slice(0, USERNAME_MAX - 4).join('');
  return [...cleaned].length >= 2 ? cleaned : 'user';
}

export function createIdentitiesService<S>(deps: Deps<S>) {
  const { identitiesRepository, usersRepository, settingsService, accountTokens, clock } = deps;

  async function freeUsername(profile: ExternalProfile): Promise<string> {
    const base = usernameBase(profile);
    for (let n = 1; n < 100; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await usersRepository.findByUsername(candidate))) return candidate;
    }
    return `${base}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** The role the provider's group mapping gives, applied at each sign-in where the provider maps roles. */
  async function syncedRole(user: UserRow, profile: ExternalProfile, createdAccount: boolean): Promise<UserRow['role'] | undefined> {
    if (profile.role === 'admin') return user.role === 'admin' ? undefined : 'admin';
    // Only an account the provider made loses admin with the group: a local admin who linked an identity keeps it.
    if (profile.role === 'default' && createdAccount && user.role === 'admin') return settingsService.get('default_role');
    return undefined;
  }

  async function signInKnown(identityId: number, createdAccount: boolean, profile: ExternalProfile, userId: number, client: Client) {
    const user = await usersRepository.findById(userId);
    if (!user) throw new NotFoundError('The account of this identity no longer exists', 'identity.account_missing');
    if (user.locked) throw new ForbiddenError(ACCOUNT_LOCKED, 'auth.account_locked');
    const role = await syncedRole(user, profile, createdAccount);
    if (role) await usersRepository.update(user.id, { role, updated_at: clock.now() });
    await identitiesRepository.update(identityId, {
      email: profile.email ?? null,
      display_name: profile.name?.slice(0, 255) ?? null,
      last_used_at: clock.now(),
    });
    return deps.startSession(user.id, client);
  }

  async function createAccount(provider: AuthProviderRow, profile: ExternalProfile, email: string): Promise<UserRow> {
    const timestamp = clock.now();
    const role = profile.role === 'admin' ? 'admin' : await settingsService.get('default_role');
    const username = await freeUsername(profile);
    const locale = await siteLocale(deps.defaultLocale);
    // The account and its identity land together or not at all (a race leaves no account without its identity).
    return deps.transaction(async (trx) => {
      const user = await usersRepository.insert({
      username,
      email,
      password_hash: UNUSABLE_PASSWORD_HASH,
      role,
      locale,
      appearance: 'auto',
      timezone: 'Etc/UTC',
      locked: false,
      created_at: timestamp,
      updated_at: timestamp,
      }, trx);
      await addIdentity(user.id, provider.id, profile, true, trx);
      return user;
    });
  }

  async function addIdentity(
    userId: number, providerId: number, profile: Pick<ExternalProfile, 'subject' | 'email' | 'name'>, created: boolean, executor?: Executor,
  ) {
    const timestamp = clock.now();
    return identitiesRepository.insert({
      user_id: userId,
      provider_id: providerId,
      subject: profile.subject,
      email: profile.email ?? null,
      display_name: profile.name?.slice(0, 255) ?? null,
      created_account: created,
      created_at: timestamp,
      last_used_at: timestamp,
    }, executor);
  }

  return {
    /**
     * The end of every external sign-in. `linkToUserId`: the account signed in on this browser
     * that started the sign-in from its settings to link the identity (its own confirmation).
     */
    async complete(
      provider: AuthProviderRow,
      profile: ExternalProfile,
      client: Client,
      linkToUserId?: number,
    ): Promise<ExternalSignInResult<S>> {
      const known = await identitiesRepository.find(provider.id, profile.subject);
      if (linkToUserId !== undefined) {
        if (known && known.user_id !== linkToUserId) {
          throw new ConflictError(`This ${provider.name} identity is already linked to another account`, 'identity.taken', { provider: provider.name });
        }
        if (!known) await addIdentity(linkToUserId, provider.id, profile, false);
        return { status: 'linked', userId: linkToUserId };
      }
      if (known) return { status: 'signed-in', signedIn: await signInKnown(known.id, Boolean(known.created_account), profile, known.user_id, client), created: false };

      const email = profile.email?.trim();
      if (!email) {
        throw new ForbiddenError(`${provider.name} gave no email address for this account; ask an administrator`, 'identity.email_missing', { provider: provider.name });
      }
      const existing = await usersRepository.findByEmail(email);
      if (!profile.emailVerified) {
        throw new ForbiddenError(
          `${provider.name} does not say that ${email} is verified, so it cannot sign in to or create an account`,
          'identity.email_unverified',
          { provider: provider.name, email },
        );
      }
      if (existing) {
        // The same person's other tab may have just made this account and its identity (after the
        // lookup above): that is the known path, not a link to confirm.
        const made = await identitiesRepository.find(provider.id, profile.subject);
        if (made) {
          const signedIn = await signInKnown(made.id, Boolean(made.created_account), profile, made.user_id, client);
          return { status: 'signed-in', signedIn, created: false };
        }
        const data: PendingLink = { providerId: provider.id, subject: profile.subject, email, name: profile.name ?? null };
        const token = await accountTokens.issue({ purpose: 'identity-link', userId: existing.id, email, data, ttlMs: LINK_TTL_MS });
        return { status: 'link-required', linkToken: token.secret, email, expiresAt: token.expiresAt };
      }
      if (!provider.allow_sign_up) {
        throw new ForbiddenError(`${provider.name} may not create accounts here: ask an administrator for one`, 'identity.sign_up_closed', { provider: provider.name });
      }
      let user: UserRow;
      try {
        user = await createAccount(provider, profile, email);
      } catch (error) {
        if (!isConstraintError(error)) throw error;
        // The same person's other tab created the account a moment ago: sign in to it. Anything else
        // (the email or username taken meanwhile) is for the next attempt to sort out.
        const made = await identitiesRepository.find(provider.id, profile.subject);
        if (!made) throw new ConflictError('Someone signed up with this email or name at the same moment: try again', 'identity.race');
        return { status: 'signed-in', signedIn: await signInKnown(made.id, true, profile, made.user_id, client), created: false };
      }
      return { status: 'signed-in', signedIn: await deps.startSession(user.id, client), created: true };
    },

    /** The signed-in user confirms a pending link: the token's account must be theirs. */
    async confirmLink(userId: number, linkToken: string): Promise<IdentityWithProvider> {
      const pending = await accountTokens.peek('identity-link', linkToken);
      if (!pending) throw new NotFoundError('This link request is unknown, used or expired: sign in with the provider again', 'identity.link_expired');
      if (pending.userId !== userId) {
        throw new ForbiddenError('This link request is for another account: sign in to the account with that email', 'identity.link_other_account');
      }
      if (!(await accountTokens.consume('identity-link', linkToken))) {
        throw new NotFoundError('This link request is unknown, used or expired: sign in with the provider again', 'identity.link_expired');
      }
      const data = pending.data as PendingLink;
      const known = await identitiesRepository.find(data.providerId, data.subject);
      if (known && known.user_id !== userId) throw new ConflictError('This identity is already linked to another account', 'identity.taken', { provider: '' });
      if (!known) {
        await addIdentity(userId, data.providerId, { subject: data.subject, email: data.email, name: data.name ?? undefined }, false);
      }
      const all = await identitiesRepository.listForUser(userId);
      return all.find((row) => row.provider_id === data.providerId && row.subject === data.subject)!;
    },

    list: (userId: number) => identitiesRepository.listForUser(userId),

    /** Removes one of the user's identities, unless it is their only way to sign in. */
    async unlink(userId: number, identityId: number): Promise<void> {
      const identities = await identitiesRepository.listForUser(userId);
      if (!identities.some((row) => row.id === identityId)) throw new NotFoundError('Identity not found', 'identity.not_found');
      const user = await usersRepository.findById(userId);
      if (identities.length === 1 && user?.password_hash === UNUSABLE_PASSWORD_HASH) {
        throw new ConflictError('This is your only way to sign in: set a password first', 'identity.last_sign_in_method');
      }
      await identitiesRepository.deleteForUser(userId, identityId);
    },
  };
}

export type IdentitiesService<S = unknown> = ReturnType<typeof createIdentitiesService<S>>;
