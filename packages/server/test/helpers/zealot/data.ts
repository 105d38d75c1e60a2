// The data set of a fixture Zealot installation: rows as Zealot's models write them (6.x columns;
// installation.ts drops the columns an older shape lacks). Secrets are made as Zealot makes them:
// users.token = MD5 hex of a UUID (User#generate_user_token), channels.key = MD5 hex of "<uuid>/<name>"
// and slug = the first 5 characters of its SHA-1 base64 without +/= (Channel#generate_default_values),
// passwords as Devise stores them ($2a$10$ bcrypt), channel passwords in plain text.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { DSYM_FIXTURE, FIXTURES, PROGUARD_FIXTURE } from '../debug-files.ts';

export type Row = Record<string, unknown>;
export type ZealotRole = 'member' | 'developer' | 'admin';
/** Rails `enum %i[member developer admin]` (users.role, apps_users.role). */
export const ROLE_VALUES: Record<ZealotRole, number> = { member: 0, developer: 1, admin: 2 };

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** A password hash as Devise writes it (bcrypt, cost 10, the `$2a$` prefix of the bcrypt gem). */
export function devisePassword(password: string): string {
  return bcrypt.hashSync(password, 10).replace(/^\$2b\$/, '$2a$');
}

export function channelSecrets(name: string): { key: string; slug: string } {
  const key = md5(`${randomUUID()}/${name}`);
  const slug = createHash('sha1').update(key).digest('base64').replace(/[+/=]/g, '').slice(0, 5);
  return { key, slug };
}

export interface UserSpec {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  role: ZealotRole;
  locked: boolean;
  /** users.locale/appearance/timezone (5.3 and later; null where the shape has no such column). */
  locale: string;
  appearance: string;
  timezone: string;
}

const USERS: Omit<UserSpec, 'token'>[] = [
  { id: 1, username: 'admin', email: 'admin@zealot.test', password: 'Adm1n-zealot-pw', role: 'admin', locked: false,
    locale: 'zh-CN', appearance: 'light', timezone: 'Asia/Shanghai' },
  { id: 2, username: 'dev', email: 'dev@zealot.test', password: 'Dev-zealot-pw-2', role: 'developer', locked: false,
    locale: 'en', appearance: 'dark', timezone: 'Europe/Berlin' },
  { id: 3, username: 'member', email: 'member@zealot.test', password: 'Member-zealot-3', role: 'member', locked: false,
    locale: 'en', appearance: 'auto', timezone: 'America/New_York' },
  { id: 4, username: 'locked', email: 'locked@zealot.test', password: 'Locked-zealot-4', role: 'member', locked: true,
    locale: 'zh-CN', appearance: 'light', timezone: 'Asia/Shanghai' },
];

export function userSpecs(): UserSpec[] {
  return USERS.map((user) => ({ ...user, token: md5(randomUUID()) }));
}

export function userRows(users: UserSpec[]): Row[] {
  return users.map((user) => ({
    id: user.id, username: user.username, email: user.email, encrypted_password: devisePassword(user.password),
    token: user.token, role: ROLE_VALUES[user.role], sign_in_count: user.locked ? 0 : 7,
    current_sign_in_at: '2025-06-01 09:00:00', last_sign_in_at: '2025-05-30 18:00:00',
    current_sign_in_ip: '10.0.0.5', last_sign_in_ip: '10.0.0.5', confirmed_at: '2023-01-05 10:00:00',
    failed_attempts: user.locked ? 10 : 0, unlock_token: user.locked ? md5(`unlock-${user.id}`) : null,
    locked_at: user.locked ? '2025-04-01 12:00:00' : null, created_at: '2023-01-05 10:00:00.123456',
    updated_at: '2025-06-01 09:00:00.654321', locale: user.locale, appearance: user.appearance, timezone: user.timezone,
  }));
}

export interface ChannelSpec {
  id: number;
  appId: number;
  schemeId: number;
  name: string;
  /** channels.device_type as stored: the enum's value ('iOS', 'Android'). */
  deviceType: 'iOS' | 'Android';
  key: string;
  slug: string;
  /** Plain text, as Zealot stores it; null for an open channel. */
  password: string | null;
  bundleId: string;
  gitUrl: string | null;
  downloadFilenameType: 'version_datetime' | 'original_filename';
}

type ChannelBase = Omit<ChannelSpec, 'key' | 'slug'>;
const CHANNELS: ChannelBase[] = [
  { id: 1, appId: 1, schemeId: 1, name: 'iOS', deviceType: 'iOS', password: null, bundleId: 'com.icyleaf.AppInfoDemo',
    gitUrl: 'https://github.com/icyleaf/appinfo-demo.git', downloadFilenameType: 'version_datetime' },
  { id: 2, appId: 1, schemeId: 1, name: 'Android', deviceType: 'Android', password: 'open-sesame-42', bundleId: '*',
    gitUrl: 'git@github.com:icyleaf/appinfo-demo.git', downloadFilenameType: 'original_filename' },
  { id: 3, appId: 1, schemeId: 2, name: 'Android', deviceType: 'Android', password: null, bundleId: 'com.icyleaf.appinfodemo',
    gitUrl: null, downloadFilenameType: 'version_datetime' },
  { id: 4, appId: 2, schemeId: 3, name: 'Android', deviceType: 'Android', password: null, bundleId: '*', gitUrl: null,
    downloadFilenameType: 'version_datetime' },
];

export function channelSpecs(): ChannelSpec[] {
  return CHANNELS.map((channel) => ({ ...channel, ...channelSecrets(channel.name) }));
}

export interface ReleaseSpec {
  id: number;
  appId: number;
  channelId: number;
  version: number;
  /** The shared fixture the build file is a copy of. */
  fixture: string;
  /** releases.file (the name CarrierWave stored). */
  file: string;
  /** A row whose build file is not on disk (deleted by hand, a lost volume…). */
  missing: boolean;
  /** releases.icon: a PNG Zealot extracted (null: the ipa has no icon, or the file is missing). */
  icon: string | null;
  row: Row;
}

export const APK = path.join(FIXTURES, 'apps', 'android.apk');
export const IPA = path.join(FIXTURES, 'apps', 'iphone.ipa');
const COMMIT = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
/** releases.changelog: jsonb, an array of { message } (Release#convert_changelog splits text by lines, drops "- "). */
const CHANGELOG = [{ message: 'Fix the crash on launch' }, { message: '修复了登录页的布局' }];
const CUSTOM_FIELDS = [{ name: 'QA', value: 'passed', icon: 'fas fa-check' }, { name: 'Ticket', value: 'APP-42', icon: '' }];

function android(ids: [number, number, number, number], row: Row, missing = false): ReleaseSpec {
  const [id, appId, channelId, version] = ids;
  const icon = missing ? null : 'ic_launcher.png';
  return { id, appId, channelId, version, fixture: APK, file: 'android.apk', missing, icon, row: {
    id, channel_id: channelId, version, bundle_id: 'com.icyleaf.appinfodemo', release_version: '2.1.0', build_version: '10',
    name: 'AppInfoDemo', device_type: 'Phone', icon, file: 'android.apk', ...row } };
}

export function releaseSpecs(): ReleaseSpec[] {
  return [
    { id: 1, appId: 1, channelId: 1, version: 1, fixture: IPA, file: 'iphone.ipa', missing: false, icon: null, row: {
      id: 1, channel_id: 1, version: 1, bundle_id: 'com.icyleaf.AppInfoDemo', release_version: '1.2.3', build_version: '5',
      name: 'AppInfoDemo', device_type: 'iPhone', release_type: 'AdHoc', source: 'fastlane', branch: 'main', git_commit: COMMIT,
      ci_url: 'https://ci.example.com/job/ios/5', changelog: CHANGELOG, custom_fields: CUSTOM_FIELDS, icon: null,
      file: 'iphone.ipa', created_at: '2024-03-01 08:00:00.000001', updated_at: '2024-03-01 08:00:05.000001' } },
    android([2, 1, 2, 1], { release_type: 'debug', source: 'api', branch: 'develop', git_commit: COMMIT.slice(0, 7),
      ci_url: 'https://gitlab.example.com/app/-/pipelines/101', changelog: [{ message: 'First Android build' }],
      custom_fields: [], created_at: '2024-03-02 09:30:00.5', updated_at: '2024-03-02 09:30:00.5' }),
    android([3, 1, 2, 2], { release_type: 'release', source: 'web', branch: 'release/2.1', git_commit: COMMIT,
      ci_url: null, changelog: CHANGELOG, custom_fields: CUSTOM_FIELDS, created_at: '2024-04-10 16:45:12.25',
      updated_at: '2024-04-10 16:45:12.25' }),
    android([4, 1, 3, 1], { release_type: 'release', source: 'jenkins', branch: 'main', git_commit: COMMIT,
      ci_url: 'https://ci.example.com/job/android/77', changelog: [], custom_fields: [],
      created_at: '2024-05-20 11:00:00', updated_at: '2024-05-20 11:00:00' }, true),
    android([5, 2, 4, 1], { release_type: 'release', source: 'api', branch: null, git_commit: null, ci_url: null,
      changelog: [{ message: 'Last build before archiving' }], custom_fields: [],
      created_at: '2023-11-11 11:11:11.111111', updated_at: '2023-11-11 11:11:11.111111' }),
  ];
}

export interface DebugFileSpec {
  id: number;
  appId: number;
  fixture: string;
  file: string;
  deviceType: 'iOS' | 'Android';
  /** debug_file_metadata rows (uuid, type, object, size, data). */
  metadata: Row[];
  row: Row;
}

export function debugFileSpecs(): DebugFileSpec[] {
  return [
    { id: 1, appId: 1, fixture: DSYM_FIXTURE, file: 'ios-dsym-single.zip', deviceType: 'iOS', row: {
      id: 1, app_id: 1, device_type: 'iOS', release_version: '1.0', build_version: '1', file: 'ios-dsym-single.zip',
      created_at: '2024-03-01 08:10:00', updated_at: '2024-03-01 08:10:30' },
    // DebugFileTeardownJob#parse_dsym: one row per Mach-O.
    metadata: [{ id: 1, debug_file_id: 1, uuid: 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5', type: 'arm64', object: 'iOS',
      size: 866911, data: { main: true, identifier: 'com.icyleaf.iOS' } }] },
    { id: 2, appId: 1, fixture: PROGUARD_FIXTURE, file: 'android-proguard-mapping.zip', deviceType: 'Android', row: {
      id: 2, app_id: 1, device_type: 'Android', release_version: null, build_version: null, file: 'android-proguard-mapping.zip',
      created_at: '2024-03-02 09:40:00', updated_at: '2024-03-02 09:40:10' },
    // DebugFileTeardownJob#parse_proguard: the app-info gem's uuid (namespace icyleaf.com), no package name.
    metadata: [{ id: 2, debug_file_id: 2, uuid: '81384aeb-4837-5f73-a771-417b4399a483', type: 'proguard', object: null,
      size: null, data: { files: [{ name: 'mapping.txt', size: 1666940 }] } }] },
  ];
}

/** Devices (registered through an Apple key), and which releases' provisioning profiles list them. */
export const DEVICES: Row[] = [
  { id: 1, udid: 'e801228c2086d3aacc917b9c3d19bfa56efcab5b', name: "Tester's iPhone", model: 'iPhone 12', platform: 'IOS',
    status: 'ENABLED', device_id: '7ZV6ZCB4M9' },
  { id: 2, udid: '00008030-001A2C3E0C38802E', name: 'QA iPad', model: 'iPad Pro', platform: 'IOS', status: 'ENABLED',
    device_id: 'K2Q7ZRS8XN' },
  { id: 3, udid: '00008101-000A1D2E3F40001E', name: null, model: null, platform: null, status: null, device_id: null },
];
export const DEVICES_RELEASES: Row[] = [{ release_id: 1, device_id: 1 }, { release_id: 1, device_id: 2 }, { release_id: 1, device_id: 3 }];

/** web_hooks (event switches are 0/1 smallints) and the channels each one fires for. */
export const WEB_HOOKS: Row[] = [
  { id: 1, channel_id: 2, url: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX', body: null, upload_events: 1,
    download_events: 0, changelog_events: 1 },
  { id: 2, channel_id: 1, url: 'https://open.feishu.cn/open-apis/bot/v2/hook/0f1e2d3c', upload_events: 1, download_events: 1,
    changelog_events: 0, body: 'json.msg_type "text"\njson.content do\n  json.text "#{@title} #{@release_version}"\nend\n' },
  { id: 3, channel_id: 3, url: 'https://ci.example.com/zealot-hook', body: null, upload_events: 0, download_events: 1,
    changelog_events: 0 },
];
export const CHANNELS_WEB_HOOKS: Row[] = [
  { channel_id: 2, web_hook_id: 1, created_at: '2024-03-02 10:00:00' }, { channel_id: 3, web_hook_id: 1, created_at: null },
  { channel_id: 1, web_hook_id: 2, created_at: '2024-03-01 08:30:00' }, { channel_id: 3, web_hook_id: 3, created_at: null },
];

/** settings rows: rails-settings-cached keeps `value.to_yaml` in `value`. */
export const SETTINGS: Record<string, string> = {
  site_title: '--- Acme Beta\n',
  site_domain: '--- beta.acme.test\n',
  site_locale: '--- en\n',
  registrations_enabled: '--- false\n',
  login_enabled: '--- true\n',
  guest_mode: '--- false\n',
  preset_role: '--- developer\n',
  preset_schemes: '---\n- Beta\n- Adhoc\n- Production\n',
  per_page: '--- 50\n',
};
