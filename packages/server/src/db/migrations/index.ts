// Every migration, in order. Forward-only: a merged migration is never edited or renamed
// (test/migrations.test.ts keeps a checksum of each); a fix is a new file.
import type { Kysely } from 'kysely';
import type { Engine } from '../index.ts';
import * as createUsers from './20261122130000-create-users.ts';
import * as createApiTokens from './20261122130100-create-api-tokens.ts';
import * as createSessions from './20261122130200-create-sessions.ts';
import * as createSettings from './20261122130300-create-settings.ts';
import * as createApps from './20261122150000-create-apps.ts';
import * as createInstallCountsAndDevices from './20261122170000-create-install-counts-and-devices.ts';
import * as createDebugFiles from './20261122180000-create-debug-files.ts';
import * as createUdidChallenges from './20261125180000-create-udid-challenges.ts';
import * as addDeviceSigner from './20261125180100-add-device-signer.ts';
import * as createRetiredSlugs from './20261125183000-create-retired-slugs.ts';
import * as addDeviceSource from './20261125210500-add-device-source.ts';
import * as createJobs from './20261126040000-create-jobs.ts';
import * as createWebhooks from './20261126060000-create-webhooks.ts';
import * as createChannelSubscribers from './20261126061000-create-channel-subscribers.ts';
import * as sharedInstanceState from './20261126090000-shared-instance-state.ts';
import * as createZealotImport from './20261126120000-create-zealot-import.ts';
import * as addReleaseFileMissing from './20261126120100-add-release-file-missing.ts';
import * as createSignIn from './20261127100000-create-sign-in.ts';
import * as addTwoFactor from './20261127100100-add-two-factor.ts';
import * as createInvitations from './20261127100300-create-invitations.ts';
import * as createAuditEvents from './20261128100000-create-audit-events.ts';
import * as createBackupPlans from './20261128130000-create-backup-plans.ts';
import * as createScheduledJobs from './20261128150000-create-scheduled-jobs.ts';
import * as addAppPublic from './20261128170000-add-app-public.ts';
import * as createRestores from './20261129100000-create-restores.ts';
import * as addRestoreHeartbeat from './20261129110000-add-restore-heartbeat.ts';

export interface MigrationModule {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

export const migrations: Record<string, MigrationModule> = {
  '20261122130000-create-users': createUsers,
  '20261122130100-create-api-tokens': createApiTokens,
  '20261122130200-create-sessions': createSessions,
  '20261122130300-create-settings': createSettings,
  '20261122150000-create-apps': createApps,
  '20261122170000-create-install-counts-and-devices': createInstallCountsAndDevices,
  '20261122180000-create-debug-files': createDebugFiles,
  '20261125180000-create-udid-challenges': createUdidChallenges,
  '20261125180100-add-device-signer': addDeviceSigner,
  '20261125183000-create-retired-slugs': createRetiredSlugs,
  '20261125210500-add-device-source': addDeviceSource,
  '20261126040000-create-jobs': createJobs,
  '20261126060000-create-webhooks': createWebhooks,
  '20261126061000-create-channel-subscribers': createChannelSubscribers,
  '20261126090000-shared-instance-state': sharedInstanceState,
  '20261126120000-create-zealot-import': createZealotImport,
  '20261126120100-add-release-file-missing': addReleaseFileMissing,
  '20261127100000-create-sign-in': createSignIn,
  '20261127100100-add-two-factor': addTwoFactor,
  '20261127100300-create-invitations': createInvitations,
  '20261128100000-create-audit-events': createAuditEvents,
  '20261128130000-create-backup-plans': createBackupPlans,
  '20261128150000-create-scheduled-jobs': createScheduledJobs,
  '20261128170000-add-app-public': addAppPublic,
  '20261129100000-create-restores': createRestores,
  '20261129110000-add-restore-heartbeat': addRestoreHeartbeat,
};
