// Zealot's settings (rails-settings-cached: one row per `var`, its value as YAML) → Tarmac's
// settings: the name Tarmac uses and the value in Tarmac's shape. Whether Tarmac takes the value
// is the settings module's own check (steps/settings.ts); here only names, shapes and the reasons
// a var is not imported. Values that may hold credentials (sign-in providers, mail) are never echoed.
import type { SettingKey } from '../../settings/service.ts';
import type { ZealotValue } from '../source/types.ts';
import { settingValue } from './fns.ts';

export type SettingDecision =
  | { action: 'set'; key: SettingKey; value: unknown }
  | { action: 'skip'; reason: string }
  | { action: 'refuse'; reason: string };

const ENVIRONMENT = 'is set in Tarmac\'s environment, not imported';
const SKIPPED: Record<string, string> = {
  login_enabled:
    'Tarmac\'s switch for password sign-in (SSO-only mode) is changed at /admin/sign-in, with its checks that someone can still ' +
    'sign in; sign-in providers are not imported, so it is left on',
  passwordless_login_enabled: 'Tarmac\'s sign-in links (sign_in_link_enabled) need its mail set up first: turn them on in /admin/settings',
  demo_mode: 'Tarmac\'s demo mode is TARMAC_DEMO_MODE, set in its environment (docs/demo-mode.md)',
  backup: 'Tarmac\'s backups are plans made at /admin/backups (docs/backups.md); Zealot\'s backup folder is not one',
  site_light_theme: 'Tarmac has no colour themes: only light, dark or auto (default_appearance)',
  site_dark_theme: 'Tarmac has no colour themes: only light, dark or auto (default_appearance)',
  site_https: 'Tarmac\'s external URL is TARMAC_URL, set in its environment',
  mailer_default_from: `TARMAC_MAIL_FROM ${ENVIRONMENT}`,
  mailer_default_reply_to: `Tarmac's mail has no reply-to address; TARMAC_MAIL_FROM ${ENVIRONMENT}`,
  mailer_options: `TARMAC_SMTP_URL ${ENVIRONMENT}`,
  mailer_method: `TARMAC_SMTP_URL ${ENVIRONMENT}`,
};
const SIGN_IN_PROVIDERS = ['feishu', 'gitlab', 'github', 'gitea', 'google_oauth', 'ldap', 'oidc'];

/** Zealot's default site title: a Zealot that never named itself does not rename Tarmac. */
const ZEALOT_TITLE = 'Zealot';

const set = (key: SettingKey, value: unknown): SettingDecision => ({ action: 'set', key, value });

/** zh-CN, zh, zh-Hans, zh_CN → zh-CN; en, en-US → en; anything else is not one of Tarmac's. */
function locale(value: unknown): 'en' | 'zh-CN' | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^en([-_]|$)/i.test(value)) return 'en';
  if (/^zh([-_]|$)/i.test(value)) return 'zh-CN';
  return undefined;
}

/** Zealot's preset schemes are names (the channels are chosen per app): Tarmac's are schemes with channels, here none. */
function presetSchemes(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((entry: unknown) => {
    const name = typeof entry === 'string' ? entry : (entry as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? { scheme: name.trim(), channels: [] } : entry;
  });
}

/** Plain values only: a var whose YAML Tarmac cannot read (a Ruby object) is refused. */
function mapped(name: string, value: unknown): SettingDecision | undefined {
  switch (name) {
    case 'registrations_enabled':
      if (typeof value !== 'boolean') return { action: 'refuse', reason: 'registrations_enabled is not true or false' };
      return set('registration_policy', value ? 'open' : 'closed');
    case 'site_title':
      if (value === ZEALOT_TITLE) return { action: 'skip', reason: `Zealot's own default title (${ZEALOT_TITLE}): Tarmac keeps its own` };
      return set('site_title', value);
    case 'site_locale':
      return set('default_locale', locale(value) ?? value);
    case 'site_appearance':
      return set('default_appearance', typeof value === 'string' ? value.toLowerCase() : value);
    case 'preset_role':
      if (value === 'admin') return { action: 'skip', reason: 'Tarmac never makes a new account an administrator: default_role stays' };
      return set('default_role', value);
    case 'preset_schemes':
      return set('preset_schemes', presetSchemes(value));
    case 'preset_install_limited':
      return set('in_app_browsers', value);
    case 'per_page':
    case 'max_per_page':
    case 'guest_mode':
      return set(name, value);
    case 'keep_uploads':
      return set('keep_old_build_files', value);
    default:
      return undefined;
  }
}

/** What becomes of one Zealot setting. */
export function settingDecision(name: string, raw: ZealotValue | undefined): SettingDecision {
  if (SIGN_IN_PROVIDERS.includes(name)) {
    return { action: 'skip', reason: `sign-in through ${name} is not imported (its settings hold credentials): set sign-in up in Tarmac` };
  }
  if (name === 'site_domain') {
    const value = settingValue(raw);
    const shown = typeof value === 'string' && /^[\w.:-]{1,255}$/.test(value) ? ` (Zealot had ${value})` : '';
    return { action: 'skip', reason: `Tarmac's external URL is TARMAC_URL${shown}, set in its environment` };
  }
  const reason = SKIPPED[name];
  if (reason) return { action: 'skip', reason };
  const value = settingValue(raw);
  const decision = mapped(name, value);
  if (decision && value === undefined) return { action: 'refuse', reason: `${name} is not a value Tarmac can read` };
  return decision ?? { action: 'skip', reason: 'no Tarmac setting means the same' };
}
