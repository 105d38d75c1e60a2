// Settings an environment variable may hold (docs/settings.md). A variable that is set wins over
// the saved value: the settings screen and API show it read-only. Each is checked here like the
// rest of the configuration, so a wrong value stops start-up with the variable's name.
import { ConfigError, integer, read } from './config-env.ts';
import type { Env } from './config-env.ts';

/** The settings the environment holds, by setting key; a key is absent when its variable is unset. */
export type SettingsFromEnvironment = Partial<Record<string, unknown>>;

/** Which variable holds which setting (the settings registry shows the name). */
export const SETTING_ENV_VARS = {
  site_title: 'TARMAC_SITE_TITLE',
  default_locale: 'TARMAC_DEFAULT_LOCALE',
  default_appearance: 'TARMAC_DEFAULT_APPEARANCE',
  default_time_zone: 'TARMAC_DEFAULT_TIME_ZONE',
  per_page: 'TARMAC_PER_PAGE',
  max_per_page: 'TARMAC_MAX_PER_PAGE',
} as const;

/** The page size no list answers above, whatever max_per_page says (the query schema's own maximum). */
export const PER_PAGE_CEILING = 1000;

export const SITE_TITLE_MIN = 3;
export const SITE_TITLE_MAX = 32;

/** Whether Intl knows the IANA time zone name (UTC included). */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function choice(env: Env, name: string, allowed: readonly string[]): string | undefined {
  const raw = read(env, name);
  if (raw !== undefined && !allowed.includes(raw)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw;
}

export function parseSettingsFromEnvironment(env: Env): SettingsFromEnvironment {
  const values: SettingsFromEnvironment = {};
  const title = read(env, SETTING_ENV_VARS.site_title);
  if (title !== undefined) {
    if (title.length < SITE_TITLE_MIN || title.length > SITE_TITLE_MAX) {
      throw new ConfigError(SETTING_ENV_VARS.site_title, `must be ${SITE_TITLE_MIN} to ${SITE_TITLE_MAX} characters long, got "${title}"`);
    }
    values.site_title = title;
  }
  const locale = choice(env, SETTING_ENV_VARS.default_locale, ['en', 'zh-CN']);
  if (locale !== undefined) values.default_locale = locale;
  const appearance = choice(env, SETTING_ENV_VARS.default_appearance, ['light', 'dark', 'auto']);
  if (appearance !== undefined) values.default_appearance = appearance;
  const zone = read(env, SETTING_ENV_VARS.default_time_zone);
  if (zone !== undefined) {
    if (!isTimeZone(zone)) throw new ConfigError(SETTING_ENV_VARS.default_time_zone, `must be an IANA time zone such as Asia/Shanghai, got "${zone}"`);
    values.default_time_zone = zone;
  }
  for (const key of ['per_page', 'max_per_page'] as const) {
    const name = SETTING_ENV_VARS[key];
    if (read(env, name) !== undefined) values[key] = integer(env, name, 0, 1, PER_PAGE_CEILING);
  }
  return values;
}
