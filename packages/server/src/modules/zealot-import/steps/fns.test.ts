// The mappings from Zealot's values to Tarmac's, on what Zealot writes and on hostile values: each
// answers a value Tarmac accepts, or null with the reason, and never echoes what may be a secret.
import { describe, expect, it } from 'vitest';
import {
  baseUsername, bundleIdRule, channelKey, channelPassword, channelSlug, checkEmail, deviceType, deviseHash, downloadFilenameType,
  gitUrl, hookEvents, mapAppearance, mapLocale, mapTimezone, providerFromUrl, settingValue, timestamp,
  usernameCandidate, zealotRole, zealotToken,
} from './fns.ts';
import { settingDecision } from './settings-map.ts';

describe('users', () => {
  it('roles are Rails enum integers; anything else is a member, reported', () => {
    expect([0, 1, 2].map((n) => zealotRole(n).value)).toEqual(['member', 'developer', 'admin']);
    expect(zealotRole(3)).toEqual({ value: 'member', note: 'role 3 is not one Zealot defines: imported as member' });
    expect(zealotRole('admin').value).toBe('member');
    expect(zealotRole(null).value).toBe('member');
  });

  it('locale, appearance and time zone map onto Tarmac\'s values, else its default, reported', () => {
    expect(mapLocale('zh-CN', 'en')).toEqual({ value: 'zh-CN' });
    expect(mapLocale('en', 'zh-CN')).toEqual({ value: 'en' });
    expect(mapLocale('en-US', 'zh-CN')).toEqual({ value: 'en' });
    expect(mapLocale(null, 'zh-CN')).toEqual({ value: 'zh-CN' });
    expect(mapLocale('ja', 'en')).toMatchObject({ value: 'en', note: expect.stringContaining('"ja"') });
    expect(mapAppearance('dark')).toEqual({ value: 'dark' });
    expect(mapAppearance('solarized')).toMatchObject({ value: 'auto', note: expect.any(String) });
    expect(mapTimezone('Asia/Shanghai')).toEqual({ value: 'Asia/Shanghai' });
    expect(mapTimezone('Mars/Olympus')).toMatchObject({ value: 'Etc/UTC', note: expect.any(String) });
    expect(mapTimezone(null)).toEqual({ value: 'Etc/UTC' });
  });

  it('emails and usernames are checked as Tarmac checks what people type', () => {
    expect(checkEmail(' a@b.test ')).toEqual({ value: 'a@b.test' });
    expect(checkEmail('')).toEqual({ value: null, note: 'email is blank' });
    expect(checkEmail('not an email').value).toBeNull();
    expect(checkEmail(`${'x'.repeat(300)}@b.test`).value).toBeNull();
    expect(baseUsername('alice', 'a@b.test')).toEqual({ value: 'alice' });
    expect(baseUsername(null, 'bob.smith@b.test')).toEqual({ value: 'bob.smith', note: 'had no username: imported as "bob.smith"' });
    expect(baseUsername('Mary Ann', 'm@b.test').value).toBe('Mary-Ann');
    expect(baseUsername('x@y', 'm@b.test').value).toBe('x-y');
    expect(baseUsername('\u0000\u0001', '@b.test')).toEqual({ value: null, note: 'has no username Tarmac can accept' });
    expect([...(baseUsername('u'.repeat(80), 'u@b.test').value ?? '')].length).toBeLessThanOrEqual(40);
    expect([0, 1, 2, 3].map((n) => usernameCandidate('dev', n))).toEqual(['dev', 'dev-zealot', 'dev-zealot2', 'dev-zealot3']);
    expect(usernameCandidate('d'.repeat(50), 1)).toHaveLength(50);
  });

  it('a Devise bcrypt hash is kept as is; anything else is not a password', () => {
    const hash = `$2a$10$${'a'.repeat(53)}`;
    expect(deviseHash(hash)).toBe(hash);
    expect(deviseHash('')).toBeNull();
    expect(deviseHash('plain-text-password')).toBeNull();
    expect(deviseHash(`${hash}x`)).toBeNull();
  });

  it('a token is imported when Tarmac\'s lookup can find it; the note never holds it', () => {
    expect(zealotToken('0123456789abcdef0123456789abcdef')).toEqual({ value: '0123456789abcdef0123456789abcdef' });
    expect(zealotToken('')).toEqual({ value: null });
    for (const bad of ['short', 'x'.repeat(201), 'has spaces in it, sixteen+']) {
      const mapped = zealotToken(bad);
      expect(mapped.value).toBeNull();
      expect(mapped.note).not.toContain(bad);
    }
  });

  it('timestamps become ISO-8601; what is not a date is null', () => {
    expect(timestamp('2023-01-05T10:00:00.123Z')).toBe('2023-01-05T10:00:00.123Z');
    expect(timestamp('yesterday')).toBeNull();
    expect(timestamp(null)).toBeNull();
  });
});

describe('channels', () => {
  it('device types are Zealot\'s enum values, any case; others are refused', () => {
    expect(['iOS', 'Android', 'HarmonyOS', 'macOS', 'Windows', 'Linux'].map(deviceType)).toEqual(['ios', 'android', 'harmonyos', 'macos', 'windows', 'linux']);
    expect(deviceType('Symbian')).toBeNull();
    expect(deviceType(null)).toBeNull();
  });

  it('keys and slugs are kept byte for byte when Tarmac can hold them', () => {
    expect(channelKey('9f86d081884c7d659a2feaa0c55ad015')).toBe('9f86d081884c7d659a2feaa0c55ad015');
    expect(channelKey('')).toBeNull();
    expect(channelKey('k'.repeat(65))).toBeNull();
    expect(channelKey('with space')).toBeNull();
    expect(channelSlug('AbC9x')).toEqual({ value: 'AbC9x' });
    expect(channelSlug('api')).toMatchObject({ value: null, note: expect.stringContaining('reserved') });
    expect(channelSlug('a/b').value).toBeNull();
    expect(channelSlug('s'.repeat(200)).value).toBeNull();
  });

  it('bundle id rules, git URLs, filename types and passwords', () => {
    expect(bundleIdRule('*')).toEqual({ value: '*' });
    expect(bundleIdRule(null)).toEqual({ value: '*' });
    expect(bundleIdRule('com.example.app')).toEqual({ value: 'com.example.app' });
    expect(gitUrl('https://github.com/a/b.git')).toEqual({ value: 'https://github.com/a/b.git' });
    expect(gitUrl('git@github.com:a/b.git')).toEqual({ value: 'https://github.com/a/b.git', note: 'git URL in scp form became https://github.com/a/b.git' });
    expect(gitUrl('https://user:secret@example.com/a.git')).toMatchObject({ value: null });
    expect(gitUrl('https://user:secret@example.com/a.git').note).not.toContain('secret');
    expect(gitUrl('ftp://example.com/a')).toMatchObject({ value: null, note: expect.stringContaining('dropped') });
    expect(gitUrl('')).toEqual({ value: null });
    expect(downloadFilenameType('original_filename')).toEqual({ value: 'original_filename' });
    expect(downloadFilenameType(null)).toEqual({ value: 'version_datetime' });
    expect(downloadFilenameType('weird').note).toContain('unknown');
    expect(channelPassword('')).toEqual({ value: null });
    expect(channelPassword('open-sesame')).toEqual({ value: 'open-sesame' });
    expect(channelPassword('p'.repeat(200)).note).not.toContain('ppp');
  });
});

describe('web hooks and settings', () => {
  it('the preset is the one the URL\'s host shows, else the generic JSON hook', () => {
    expect(providerFromUrl('https://hooks.slack.com/services/T/B/X')).toBe('slack');
    expect(providerFromUrl('https://open.feishu.cn/open-apis/bot/v2/hook/x')).toBe('feishu');
    expect(providerFromUrl('https://open.larksuite.com/open-apis/bot/v2/hook/x')).toBe('feishu');
    expect(providerFromUrl('https://oapi.dingtalk.com/robot/send?access_token=x')).toBe('dingtalk');
    expect(providerFromUrl('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=x')).toBe('wecom');
    expect(providerFromUrl('https://discord.com/api/webhooks/1/x')).toBe('discord');
    expect(providerFromUrl('https://hooks.slack.com.evil.test/services/x')).toBe('json');
    expect(providerFromUrl('https://evilfeishu.cn/x')).toBe('json');
    expect(providerFromUrl('not a url')).toBe('json');
  });

  it('event switches (0/1) become Tarmac event names', () => {
    expect(hookEvents({ upload_events: 1, download_events: 0, changelog_events: 1 })).toEqual(['upload', 'changelog']);
    expect(hookEvents({ upload_events: null, download_events: true })).toEqual(['download']);
  });

  it('settings are read as YAML; only those with a Tarmac meaning are set, secrets never echoed', () => {
    expect(settingValue('--- false\n')).toBe(false);
    expect(settingValue('---\n- Beta\n- Production\n')).toEqual(['Beta', 'Production']);
    expect(settingValue('--- !ruby/object:Foo\nbar: 1\n')).toEqual({ bar: 1 });
    expect(settingValue('key: [1, 2')).toBeUndefined();
    expect(settingDecision('registrations_enabled', '--- true\n')).toEqual({ action: 'set', key: 'registration_policy', value: 'open' });
    expect(settingDecision('registrations_enabled', '--- false\n')).toEqual({ action: 'set', key: 'registration_policy', value: 'closed' });
    expect(settingDecision('registrations_enabled', '--- maybe\n').action).toBe('refuse');
    expect(settingDecision('site_title', '--- Acme\n')).toEqual({ action: 'set', key: 'site_title', value: 'Acme' });
    expect(settingDecision('site_title', '--- Zealot\n').action).toBe('skip');
    expect(settingDecision('site_locale', '--- zh-CN\n')).toEqual({ action: 'set', key: 'default_locale', value: 'zh-CN' });
    expect(settingDecision('site_locale', '--- en_US\n')).toEqual({ action: 'set', key: 'default_locale', value: 'en' });
    expect(settingDecision('site_appearance', '--- Dark\n')).toEqual({ action: 'set', key: 'default_appearance', value: 'dark' });
    expect(settingDecision('preset_role', '--- developer\n')).toEqual({ action: 'set', key: 'default_role', value: 'developer' });
    expect(settingDecision('preset_role', '--- admin\n').action).toBe('skip');
    expect(settingDecision('preset_schemes', '---\n- Beta\n- Production\n')).toEqual({
      action: 'set', key: 'preset_schemes', value: [{ scheme: 'Beta', channels: [] }, { scheme: 'Production', channels: [] }],
    });
    expect(settingDecision('preset_install_limited', '---\n- MicroMessenger\n')).toEqual({ action: 'set', key: 'in_app_browsers', value: ['MicroMessenger'] });
    expect(settingDecision('keep_uploads', '--- false\n')).toEqual({ action: 'set', key: 'keep_old_build_files', value: false });
    expect(settingDecision('per_page', '--- 50\n')).toEqual({ action: 'set', key: 'per_page', value: 50 });
    expect(settingDecision('guest_mode', '--- true\n')).toEqual({ action: 'set', key: 'guest_mode', value: true });
    expect(settingDecision('per_page', 'key: [1, 2').action).toBe('refuse');
    for (const name of ['login_enabled', 'demo_mode', 'backup', 'mailer_options']) expect(settingDecision(name, '--- true\n').action).toBe('skip');
    const ldap = settingDecision('ldap', '---\npassword: hunter2-secret\n');
    expect(ldap.action).toBe('skip');
    expect(JSON.stringify(ldap)).not.toContain('hunter2');
    expect(settingDecision('site_domain', '--- "evil\\nline"\n')).toMatchObject({ reason: expect.not.stringContaining('evil') });
    expect(settingDecision('something_new', '--- 1\n')).toEqual({ action: 'skip', reason: 'no Tarmac setting means the same' });
  });
});
