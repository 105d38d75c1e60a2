// The accounts half of the wiring (app.ts buildServices): users, settings, tokens, sessions with their
// second factor, sign-in providers and the identities accounts have at them, the mailed links (password
// reset, sign-in links, email confirmation) and invitations. Built once, from the repositories and parts
// app.ts made; the distribution services take what they need from the answer.
import type { AccountTokens } from './auth/account-tokens.ts';
import { createAccountTokens } from './auth/account-tokens.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { JobLog } from './jobs/deps.ts';
import type { Mailer } from './mail/mailer.ts';
import type { CollaboratorsRepository } from './modules/collaborators/repository.ts';
import { createIdentitiesRepository } from './modules/identities/repository.ts';
import { createIdentitiesService } from './modules/identities/service.ts';
import type { Client as IdentityClient, IdentitiesService } from './modules/identities/service.ts';
import type { SessionsRepository } from './modules/sessions/repository.ts';
import { createSessionsService } from './modules/sessions/service.ts';
import type { SessionsService, SignedIn } from './modules/sessions/service.ts';
import type { SettingsRepository } from './modules/settings/repository.ts';
import { createSettingsService } from './modules/settings/service.ts';
import type { SettingsService } from './modules/settings/service.ts';
import { PROVIDER_SECRETS } from './modules/sign-in-providers/kinds.ts';
import { createSignInProvidersRepository } from './modules/sign-in-providers/repository.ts';
import type { Deps as SignInProvidersDeps } from './modules/sign-in-providers/service.ts';
import type { TokensRepository } from './modules/tokens/repository.ts';
import { createTokensService } from './modules/tokens/service.ts';
import { totpIssuer } from './modules/two-factor/fns.ts';
import type { TwoFactorDeps } from './modules/two-factor/service.ts';
import type { UsersRepository } from './modules/users/repository.ts';
import { createUsersService } from './modules/users/service.ts';
import type { UsersService } from './modules/users/service.ts';
import { createSecretBox } from './auth/secret-box.ts';
import { lazily } from './shared/lazily.ts';

/** Two-factor sign-in (modules/two-factor): TOTP secrets sealed with the server's key under their own label. */
function buildTwoFactor(config: Config, database: DatabaseHandle, deps: Pick<TwoFactorDeps, 'usersRepository' | 'settingsService' | 'clock'>) {
  return lazily(async () => {
    const [{ createTwoFactorService }, { createTwoFactorRepository }] = await Promise.all([
      import('./modules/two-factor/service.ts'), import('./modules/two-factor/repository.ts'),
    ]);
    return createTwoFactorService({
      ...deps,
      twoFactorRepository: createTwoFactorRepository(database.db),
      secretBox: async () => createSecretBox(config.secretKey, [], 'tarmac totp secret v1'),
      issuer: totpIssuer(config.externalUrl),
    });
  });
}

/** Sign-in providers' service, and the box that seals their secrets (bind passwords, client secrets). */
function buildSignInProviders(secretKey: string, deps: Omit<SignInProvidersDeps, 'secretBox'>) {
  const providerSecrets = createSecretBox(secretKey, [], PROVIDER_SECRETS);
  const signInProvidersService = lazily(async () =>
    (await import('./modules/sign-in-providers/service.ts')).createSignInProvidersService({ ...deps, secretBox: providerSecrets }));
  return { providerSecrets, signInProvidersService };
}

/**
 * Signing in beyond local passwords: the providers' administration and LDAP (sign-in-providers), the browser flows of
 * OpenID Connect and the OAuth presets (their code loads on first use), and the mailed links (password reset, sign-in links).
 */
function buildSignIn(
  config: Config,
  deps: Omit<SignInProvidersDeps, 'secretBox' | 'identitiesService'> & { mailer: Mailer } & {
    identitiesService: IdentitiesService<SignedIn>; accountTokens: AccountTokens; usersRepository: UsersRepository;
    sessionsRepository: SessionsRepository;
    sessionsService: SessionsService; log: JobLog;
  },
) {
  const { signInProvidersRepository, identitiesService, settingsService, accountTokens, clock } = deps;
  return {
    ...buildSignInProviders(config.secretKey, { signInProvidersRepository, identitiesService, settingsService, clock }),
    signInFlow: lazily(async () =>
      (await import('./modules/sign-in-providers/flow.ts')).createSignInFlow({
        signInProvidersRepository, identitiesService, accountTokens, secretKey: config.secretKey,
      })),
    accountMailService: lazily(async () =>
      (await import('./modules/account-mail/service.ts')).createAccountMailService({
        accountTokens, usersRepository: deps.usersRepository, sessionsRepository: deps.sessionsRepository,
        sessionsService: deps.sessionsService,
        settingsService, mailer: deps.mailer, mail: config.mail, externalUrl: config.externalUrl, clock, log: deps.log,
      })),
  };
}

/** Who may join: sign-up under the registration policy, email confirmation, invitations. */
function buildJoining(
  config: Config,
  database: DatabaseHandle,
  deps: { usersRepository: UsersRepository; collaboratorsRepository: CollaboratorsRepository } & { mailer: Mailer; clock: Clock } & {
    usersService: UsersService; settingsService: SettingsService; accountTokens: AccountTokens;
  },
) {
  const { externalUrl } = config;
  const defaultLocale = () => deps.settingsService.get('default_locale');
  return {
    registrationService: lazily(async () => (await import('./modules/users/registration-service.ts')).createRegistrationService({ ...deps, externalUrl })),
    invitationsService: lazily(async () => {
      const [{ createInvitationsService }, { createInvitationsRepository }] = await Promise.all([
        import('./modules/invitations/service.ts'), import('./modules/invitations/repository.ts'),
      ]);
      return createInvitationsService({
        ...deps, invitationsRepository: createInvitationsRepository(database.db), mailConfigured: config.mail !== null,
        externalUrl, defaultLocale,
      });
    }),
  };
}

export interface AccountsDeps {
  usersRepository: UsersRepository;
  sessionsRepository: SessionsRepository;
  tokensRepository: TokensRepository;
  settingsRepository: SettingsRepository;
  collaboratorsRepository: CollaboratorsRepository;
  mailer: Mailer;
  clock: Clock;
  log: JobLog;
}

/** Every accounts service, for buildServices to hand on. */
export function buildAccounts(config: Config, database: DatabaseHandle, deps: AccountsDeps) {
  const { usersRepository, sessionsRepository, tokensRepository, settingsRepository, collaboratorsRepository, mailer, clock, log } = deps;
  const accountTokens = createAccountTokens({ db: database.db, clock });
  const settingsService = createSettingsService({
    settingsRepository, clock, mailConfigured: config.mail !== null, fromEnvironment: config.settingsFromEnvironment,
  });
  // New accounts get the default_locale setting (TARMAC_DEFAULT_LOCALE is its environment override).
  const defaultLocale = () => settingsService.get('default_locale');
  const usersService = createUsersService({ usersRepository, sessionsRepository, defaultLocale, clock });
  const tokensService = createTokensService({ tokensRepository, usersRepository, clock });
  const twoFactorService = buildTwoFactor(config, database, { usersRepository, settingsService, clock });
  const sessionsService = createSessionsService({
    sessionsRepository, usersRepository, sessionTtlHours: config.sessionTtlHours, clock, twoFactorService, accountTokens, settingsService,
  });
  const signInProvidersRepository = createSignInProvidersRepository(database.db);
  const identitiesService = createIdentitiesService({
    identitiesRepository: createIdentitiesRepository(database.db), usersRepository, settingsService, accountTokens,
    startSession: (userId: number, client: IdentityClient) => sessionsService.start(userId, client),
    transaction: (work) => database.db.transaction().execute(work),
    defaultLocale, clock,
  });
  return {
    accountTokens, settingsService, usersService, tokensService, twoFactorService, sessionsService, signInProvidersRepository,
    identitiesService,
    ...buildSignIn(config, {
      signInProvidersRepository, identitiesService, settingsService, accountTokens, usersRepository, sessionsRepository, sessionsService,
      mailer, clock, log,
    }),
    ...buildJoining(config, database, {
      usersService, usersRepository, settingsService, accountTokens, collaboratorsRepository, mailer, clock,
    }),
  };
}
