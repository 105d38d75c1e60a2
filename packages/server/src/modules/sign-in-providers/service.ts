// Sign-in providers: the administration of every kind (list, add, change, remove, test), the
// public list the sign-in page reads, LDAP sign-in and linking, and SSO-only mode (the
// password_sign_in_enabled setting) with its safety checks. Everything is read from the
// database per request, so a change takes effect at once, without a restart.
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { AuthProviderRow } from '../../db/types.ts';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Client, IdentitiesService } from '../identities/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { commonErrors, mask, parseSettings, settingsErrors, toProviderResponse } from './fns.ts';
import { isProviderKind, signInStyle } from './kinds.ts';
import type { ProviderKind } from './kinds.ts';
import type { SignInProvidersRepository } from './repository.ts';
import type { LdapSettings } from './settings.ts';
import { testProvider } from './test-provider.ts';

export interface ProviderInput {
  slug: string;
  kind: string;
  name: string;
  enabled?: boolean | undefined;
  allow_sign_up?: boolean | undefined;
  position?: number | undefined;
  settings: unknown;
  secret?: string | undefined;
}

export interface Deps {
  signInProvidersRepository: SignInProvidersRepository;
  identitiesService: Pick<IdentitiesService, 'complete' | 'list'>;
  settingsService: Pick<SettingsService, 'get' | 'set'>;
  secretBox: SecretBox;
  clock: Clock;
}

export { assertPasswordSignInAllowed, PASSWORD_SIGN_IN_DISABLED } from './password-sign-in.ts';

function envReadOnly(row: AuthProviderRow): ConflictError {
  return new ConflictError(
    `${row.name} is declared by TARMAC_SIGN_IN_PROVIDERS: change it in the server's environment, not here`,
    'sign_in_provider.from_env',
    { provider: row.name },
  );
}

export function createSignInProvidersService(deps: Deps) {
  const { signInProvidersRepository: repository, settingsService, secretBox, clock } = deps;

  function assertAdmin(actor: Actor): void {
    if (!can(actor, 'settings:manage')) throw forbidden('settings:manage');
  }

  /** The opened secret; null when none is set. A secret sealed under a key no longer configured cannot be used (503). */
  function openSecret(row: AuthProviderRow): string | null {
    if (!row.secret) return null;
    try {
      return secretBox.decrypt(row.secret);
    } catch {
      throw new ServiceUnavailableError(
        `The stored secret of ${row.name} cannot be opened with TARMAC_SECRET_KEY: enter it again`, 'sign_in_provider.secret_unreadable', { provider: row.name },
      );
    }
  }

  /** The secret as answers show it: masked, or a mask of nothing when it cannot be opened. */
  function maskedSecret(row: AuthProviderRow): string | null {
    if (!row.secret) return null;
    try {
      return mask(secretBox.decrypt(row.secret));
    } catch {
      return '••••••••';
    }
  }

  async function present(row: AuthProviderRow) {
    const counts = await repository.identityCounts();
    return toProviderResponse(row, counts.get(row.id) ?? 0, maskedSecret(row));
  }

  async function find(id: number): Promise<AuthProviderRow> {
    const row = await repository.findById(id);
    if (!row) throw new NotFoundError('Sign-in provider not found', 'sign_in_provider.not_found');
    return row;
  }

  async function checkInput(input: Partial<ProviderInput>, kind: ProviderKind, id?: number): Promise<void> {
    const checkSettings = input.settings !== undefined && isProviderKind(kind);
    const errors = { ...commonErrors(input), ...(checkSettings ? settingsErrors(kind, input.settings) : {}) };
    if (input.slug !== undefined && !errors.slug) {
      const taken = await repository.findBySlug(input.slug);
      if (taken && taken.id !== id) errors.slug = [{ code: 'taken', message: 'has already been taken' }];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  async function enabledCount(): Promise<number> {
    return (await repository.list()).filter((row) => row.enabled).length;
  }

  return {
    assertAdmin,

    async list(actor: Actor) {
      assertAdmin(actor);
      const [rows, counts] = await Promise.all([repository.list(), repository.identityCounts()]);
      return rows.map((row) => toProviderResponse(row, counts.get(row.id) ?? 0, maskedSecret(row)));
    },

    async get(actor: Actor, id: number) {
      assertAdmin(actor);
      return present(await find(id));
    },

    async create(actor: Actor, input: ProviderInput) {
      assertAdmin(actor);
      await checkInput(input, input.kind as ProviderKind);
      const timestamp = clock.now();
      const position = input.position ?? (await repository.list()).reduce((max, row) => Math.max(max, row.position + 1), 0);
      const row = await repository.insert({
        slug: input.slug, kind: input.kind, name: input.name.trim(), enabled: input.enabled ?? true,
        allow_sign_up: input.allow_sign_up ?? false,
        settings: JSON.stringify(input.settings), secret: input.secret ? secretBox.encrypt(input.secret) : null, source: 'ui', position,
        created_at: timestamp, updated_at: timestamp,
      });
      return present(row);
    },

    /** Changes what is given; an omitted secret stays, an empty one is removed. The kind never changes. */
    async update(actor: Actor, id: number, input: Partial<Omit<ProviderInput, 'kind'>>) {
      assertAdmin(actor);
      const row = await find(id);
      if (row.source === 'env') throw envReadOnly(row);
      await checkInput(input, row.kind as ProviderKind, id);
      const disabling = input.enabled === false && row.enabled;
      if (disabling && !(await settingsService.get('password_sign_in_enabled')) && (await enabledCount()) <= 1) {
        throw new ConflictError('Password sign-in is off: turn it on before disabling the last provider', 'sign_in_provider.last_enabled');
      }
      const secret = input.secret === undefined ? {} : { secret: input.secret === '' ? null : secretBox.encrypt(input.secret) };
      const updated = await repository.update(id, {
        ...(input.slug === undefined ? {} : { slug: input.slug }),
        ...(input.name === undefined ? {} : { name: input.name.trim() }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(input.allow_sign_up === undefined ? {} : { allow_sign_up: input.allow_sign_up }),
        ...(input.position === undefined ? {} : { position: input.position }),
        ...(input.settings === undefined ? {} : { settings: JSON.stringify(input.settings) }),
        ...secret,
        updated_at: clock.now(),
      });
      return present(updated ?? row);
    },

    /** Removes a provider and, by the foreign key's cascade, every identity at it. */
    async remove(actor: Actor, id: number): Promise<void> {
      assertAdmin(actor);
      const row = await find(id);
      if (row.source === 'env') throw envReadOnly(row);
      if (row.enabled && !(await settingsService.get('password_sign_in_enabled')) && (await enabledCount()) <= 1) {
        throw new ConflictError('Password sign-in is off: turn it on before removing the last provider', 'sign_in_provider.last_enabled');
      }
      await repository.delete(id);
    },

    async test(actor: Actor, id: number, username: string | undefined) {
      assertAdmin(actor);
      const row = await find(id);
      return testProvider(row.kind as ProviderKind, parseSettings(row), openSecret(row), username);
    },

    /** The sign-in page's list: enabled providers, and whether the password form shows. */
    async publicList() {
      const rows = (await repository.list()).filter((row) => row.enabled);
      return {
        password_sign_in_enabled: await settingsService.get('password_sign_in_enabled'),
        providers: rows.map((row) => {
          const style = signInStyle(row.kind as ProviderKind);
          return { slug: row.slug, name: row.name, kind: row.kind, style, start_url: style === 'redirect' ? `/auth/${row.slug}/start` : null };
        }),
      };
    },

    /** An enabled LDAP provider by slug, its settings and its opened secret. */
    async ldapProvider(slug: string) {
      const row = await repository.findBySlug(slug);
      if (!row || row.kind !== 'ldap' || !row.enabled) {
        throw new NotFoundError(`No LDAP sign-in "${slug}" is enabled here`, 'sign_in_provider.not_found');
      }
      return { row, settings: parseSettings(row) as LdapSettings, secret: openSecret(row) };
    },

    /** Signs in (or links, given the signed-in account) through an LDAP provider. */
    async ldapSignIn(slug: string, login: string, password: string, client: Client, linkToUserId?: number) {
      const { row, settings, secret } = await this.ldapProvider(slug);
      const { ldapAuthenticate } = await import('./ldap.ts');
      const profile = await ldapAuthenticate(settings, secret, login, password, row.name);
      return deps.identitiesService.complete(row, profile, client, linkToUserId);
    },

    async passwordSignIn(actor: Actor) {
      assertAdmin(actor);
      return { password_sign_in_enabled: await settingsService.get('password_sign_in_enabled') };
    },

    /**
     * Turns password sign-in on or off. Off is refused while no provider is enabled, and while
     * the admin doing it has no linked identity: either would lock them out.
     */
    async setPasswordSignIn(actor: Actor, enabled: boolean) {
      assertAdmin(actor);
      if (!enabled) {
        if ((await enabledCount()) === 0) {
          throw new ConflictError('Enable a sign-in provider first: with no provider and no passwords nobody could sign in', 'sso.no_provider');
        }
        if ((await deps.identitiesService.list(actor.userId)).length === 0) {
          throw new ConflictError(
            'Link a sign-in provider to your own account first (Settings → Sign-in methods): you would lock yourself out',
            'sso.admin_not_linked',
          );
        }
      }
      await settingsService.set('password_sign_in_enabled', enabled);
      return { password_sign_in_enabled: enabled };
    },
  };
}

export type SignInProvidersService = ReturnType<typeof createSignInProvidersService>;
