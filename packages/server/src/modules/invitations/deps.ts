// What the invitations service is built from (app-accounts.ts); apart so accept.ts can name it
// without importing the service that imports it.
import type { Clock } from '../../clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { CollaboratorsRepository } from '../collaborators/repository.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { UsersService } from '../users/service.ts';
import type { SiteLocaleSource } from '../../shared/site-locale.ts';
import type { InvitationsRepository } from './repository.ts';

export interface Deps {
  invitationsRepository: InvitationsRepository;
  usersRepository: Pick<UsersRepository, 'findByEmail' | 'findById' | 'findByUsername'>;
  usersService: Pick<UsersService, 'createAccount'>;
  collaboratorsRepository: Pick<CollaboratorsRepository, 'findMembership' | 'insert' | 'updateRole'>;
  settingsService: Pick<SettingsService, 'get'>;
  mailer: Mailer;
  mailConfigured: boolean;
  externalUrl: string;
  /** The language of the mail and of the account, unless the inviter chose: the default_locale setting. */
  defaultLocale: SiteLocaleSource;
  clock: Clock;
}
