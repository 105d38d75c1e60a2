// Table types for Kysely. Timestamps are ISO-8601 strings on both engines (the PostgreSQL
// driver is told to return timestamptz as text, see src/db/index.ts). Booleans come back as
// 0/1 from SQLite and true/false from PostgreSQL, so repositories read them with Boolean().
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Flag, Timestamp } from './column-types.ts';
import type { AccountTokensTable, AuthProvidersTable, InvitationsTable, UserIdentitiesTable, UserRecoveryCodesTable } from './types-sign-in.ts';

export type { Flag, Timestamp } from './column-types.ts';
import type { AuditEventsTable, ScheduledJobsTable } from './types-admin.ts';
export type { AuditEventsTable, ScheduledJobsTable } from './types-admin.ts';
import type { BackupPlansTable, BackupRunsTable, RestoresTable } from './types-backups.ts';
export type { BackupPlansTable, BackupRunsTable, RestoresTable } from './types-backups.ts';
export type { AccountTokensTable, AuthProvidersTable, InvitationsTable, UserIdentitiesTable, UserRecoveryCodesTable } from './types-sign-in.ts';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: 'member' | 'developer' | 'admin';
  locale: 'en' | 'zh-CN';
  appearance: 'light' | 'dark' | 'auto';
  timezone: string;
  locked: Flag;
  locked_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  /** When the email was confirmed; null only for a local sign-up still waiting for its confirmation mail. */
  email_confirmed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The TOTP secret, sealed (auth/totp.ts); pending while totp_enabled_at is null. */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The 30-second step of the last TOTP code accepted: a code works once. */
  totp_last_step: number | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the secret, hex; the secret itself is never stored. */
  token_hash: string;
  /** The first characters of the secret, shown in lists so a user can tell tokens apart. */
  token_prefix: string;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value, hex. */
  id: string;
  user_id: number;
  csrf_token: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** Opened by password while two-factor sign-in is required of an account without it: enrol first. */
  needs_two_factor: ColumnType<boolean | number, boolean | undefined, boolean>;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: Timestamp;
}

export interface AppsTable {
  id: Generated<number>;
  name: string;
  archived: Flag;
  /** Browsable and installable without signing in while guest_mode is on (docs/guest-mode.md); false by default. */
  public: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CollaboratorsTable {
  id: Generated<number>;
  app_id: number;
  user_id: number;
  role: 'member' | 'developer' | 'admin';
  owner: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SchemesTable {
  id: Generated<number>;
  app_id: number;
  name: string;
  new_build_callout: Flag;
  retained_builds: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DeviceType = 'ios' | 'android' | 'harmonyos' | 'macos' | 'windows' | 'linux';
export type DownloadFilenameType = 'version_datetime' | 'original_filename';

export interface ChannelsTable {
  id: Generated<number>;
  scheme_id: number;
  name: string;
  slug: string;
  key: string;
  device_type: DeviceType;
  bundle_id: string;
  git_url: string | null;
  password_hash: string | null;
  download_filename_type: DownloadFilenameType;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A deleted or renamed channel's slug, lowercased, held for its app during the grace period. */
export interface RetiredSlugsTable {
  slug: string;
  app_id: number;
  retired_at: Timestamp;
}

export interface ReleasesTable {
  id: Generated<number>;
  channel_id: number;
  version: number;
  release_version: string | null;
  build_version: string | null;
  version_key: string;
  release_type: string | null;
  source: string;
  branch: string | null;
  git_commit: string | null;
  ci_url: string | null;
  /** The app's name as the package gives it. */
  name: string | null;
  bundle_id: string | null;
  platform: DeviceType;
  /** The parser's device: iphone, ipad, universal, phone, tablet … */
  device_type: string;
  /** The parser's format: ipa, apk, aab … */
  format: string;
  min_os_version: string | null;
  size: ColumnType<number, number, number>;
  checksum: string;
  file_key: string;
  file_name: string;
  icon_key: string | null;
  /** Why the release has no file (imported from Zealot without one); null when it is stored under file_key. */
  file_missing: ColumnType<string | null, string | null | undefined, string | null>;
  changelog: string;
  custom_fields: string;
  metadata: string;
  uploader_id: number | null;
  /** Completed downloads of the file. */
  download_count: ColumnType<number, number | undefined, number>;
  /** iOS over-the-air installs started (fetches of the install manifest). */
  install_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An iOS device that sent its attributes through the /udid profile service. */
/** Where a device came from (devices.source). */
export type DeviceSource = 'udid' | 'sync' | 'profile';

export interface DevicesTable {
  id: Generated<number>;
  udid: string;
  /** Editable by the team; null until someone names it. */
  name: string | null;
  /** The model identifier the device reports, e.g. iPhone15,2. */
  product: string | null;
  os_version: string | null;
  serial: string | null;
  imei: string | null;
  /** SHA-256 (hex) of the certificate that signed the device's first answer; later answers must match it. */
  signer_fingerprint: string | null;
  /** Where the device came from: 'udid' (the /udid profile service) or 'sync' (PUT /api/devices/{udid}). */
  source: Generated<DeviceSource>;
  /** The model name the Apple developer account gives (set by a sync), e.g. iPhone 14 Pro. */
  model_name: string | null;
  /** Apple's platform for the device (IOS, MAC_OS …), set by a sync. */
  platform: string | null;
  /** Apple's status for the device (ENABLED, DISABLED …), set by a sync. */
  status: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A /udid challenge a device has brought back (used once; deleted after it expires). */
export interface UdidChallengesTable {
  nonce: string;
  expires_at: Timestamp;
  used_at: Timestamp;
}

/** A job of the embedded queue, or a finished job on PostgreSQL (src/jobs). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  state: string;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  dedupe_key: string | null;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface JobSchedulesTable {
  name: string;
  last_slot: Timestamp;
}

/** One failed attempt counted across instances (auth/shared-attempts.ts); times in epoch milliseconds. */
export interface AttemptFailuresTable {
  scope: string;
  key_hash: string;
  failed_at_ms: number;
  expires_at_ms: number;
}

/** A stored dSYM zip or Proguard mapping zip (modules/debug-files). */
export interface DebugFilesTable {
  id: Generated<number>;
  app_id: number;
  channel_id: number | null;
  release_id: number | null;
  uploader_id: number | null;
  /** ios or macos (dSYM), android (Proguard). */
  device_type: DeviceType;
  category: 'dsym' | 'proguard';
  release_version: string | null;
  build_version: string | null;
  version_key: string;
  name: string | null;
  bundle_id: string | null;
  file_key: string;
  file_name: string;
  size: ColumnType<number, number, number>;
  checksum: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One Mach-O slice of a dSYM, or the mapping of a Proguard zip: what crash reports are matched by. */
export interface DebugFileEntriesTable {
  id: Generated<number>;
  debug_file_id: number;
  uuid: string | null;
  alt_uuid: string | null;
  arch: string;
  object: string | null;
  bundle_id: string | null;
  bundle_name: string | null;
  main: Flag;
  size: ColumnType<number, number, number>;
  /** JSON [{name, size}] (Proguard), else null. */
  files: string | null;
  created_at: Timestamp;
}

/** A webhook (modules/webhooks): a channel's own, or shared and attached to channels by webhook_channels. */
export interface WebhooksTable {
  id: Generated<number>;
  scope: 'channel' | 'shared';
  /** The channel a channel hook belongs to; null for a shared hook. */
  channel_id: number | null;
  name: string;
  provider: string;
  /** Sealed (webhooks/secrets.ts): the URL carries the service's credential. */
  url: string;
  url_masked: string;
  /** Sealed signing secret, or null. */
  secret: string | null;
  keyword: string | null;
  format: string | null;
  template: string | null;
  /** JSON array of event names. */
  events: string;
  enabled: Flag;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookChannelsTable {
  webhook_id: number;
  channel_id: number;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  /** A UUID, sent as X-Tarmac-Delivery. */
  id: string;
  webhook_id: number;
  /** The event's id (one delivery per hook and event), or null for a test or a redelivery. */
  event_id: string | null;
  event: string;
  channel_id: number | null;
  release_id: number | null;
  title: string;
  /** The request body as rendered once, posted as is on every attempt. */
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  last_status: number | null;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: string;
  number: number;
  at: Timestamp;
  duration_ms: number;
  status: number | null;
  ok: Flag;
  error: string | null;
  response_excerpt: string;
}

/** Someone told by mail of a channel's new builds (modules/subscribers). */
export interface ChannelSubscribersTable {
  id: Generated<number>;
  channel_id: number;
  /** Lower-cased, one mailbox. */
  email: string;
  locale: 'en' | 'zh-CN';
  state: 'pending' | 'active';
  source: 'self' | 'team';
  /** SHA-256 hex of the confirmation token, while pending. */
  confirm_token_hash: string | null;
  confirm_expires_at: Timestamp | null;
  /** SHA-256 hex of the unsubscribe token. */
  unsubscribe_token_hash: string;
  added_by: number | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
}

/** One new-build mail: one row per subscriber and event. */
export interface SubscriberMailsTable {
  id: Generated<number>;
  subscriber_id: number;
  event_id: string;
  state: 'queued' | 'sent' | 'failed';
  attempts: Generated<number>;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** What `tarmac import zealot` did with one Zealot row (modules/zealot-import/map.ts). */
export interface ZealotImportMapTable {
  /** The Zealot table (`users`, `releases`, `apps_users` …). */
  source_table: string;
  /** The Zealot row's id, or a join row's two ids as "a:b". */
  source_id: string;
  /** The Tarmac row it became or was merged into; null when skipped or refused. */
  target_id: number | null;
  outcome: 'imported' | 'merged' | 'skipped' | 'refused';
  /** Why, for the report: a conflict and how it was resolved, a refusal's reason, a missing file. */
  detail: string | null;
  created_at: Timestamp;
}

export interface Database {
  user_recovery_codes: UserRecoveryCodesTable;
  apps: AppsTable;
  collaborators: CollaboratorsTable;
  schemes: SchemesTable;
  channels: ChannelsTable;
  retired_slugs: RetiredSlugsTable;
  releases: ReleasesTable;
  devices: DevicesTable;
  udid_challenges: UdidChallengesTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  attempt_failures: AttemptFailuresTable;
  webhooks: WebhooksTable;
  webhook_channels: WebhookChannelsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  debug_files: DebugFilesTable;
  debug_file_entries: DebugFileEntriesTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  channel_subscribers: ChannelSubscribersTable;
  subscriber_mails: SubscriberMailsTable;
  zealot_import_map: ZealotImportMapTable;
  account_tokens: AccountTokensTable;
  auth_providers: AuthProvidersTable;
  user_identities: UserIdentitiesTable;
  invitations: InvitationsTable;
  audit_events: AuditEventsTable;
  scheduled_jobs: ScheduledJobsTable;
  backup_plans: BackupPlansTable;
  backup_runs: BackupRunsTable;
  restores: RestoresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type RecoveryCodeRow = Selectable<UserRecoveryCodesTable>;
export type AccountTokenRow = Selectable<AccountTokensTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type AuthProviderRow = Selectable<AuthProvidersTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type AppRow = Selectable<AppsTable>;
export type CollaboratorRow = Selectable<CollaboratorsTable>;
export type SchemeRow = Selectable<SchemesTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type ReleaseRow = Selectable<ReleasesTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type DebugFileRow = Selectable<DebugFilesTable>;
export type DebugFileEntryRow = Selectable<DebugFileEntriesTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type ChannelSubscriberRow = Selectable<ChannelSubscribersTable>;
export type SubscriberMailRow = Selectable<SubscriberMailsTable>;
