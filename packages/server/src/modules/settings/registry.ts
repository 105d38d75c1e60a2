// What the settings screen knows about each setting: its group, its schema (checked on every
// write, and a stored value that fails it counts as unset), the environment variable that may
// hold it, and whether anyone may read it. A key of settingDefaults without an entry here still
// shows (group "other", a schema guessed from its default's type), so a lane that adds a key
// does not have to know about this file.
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import { PER_PAGE_CEILING, SETTING_ENV_VARS, SITE_TITLE_MAX, SITE_TITLE_MIN } from '../../config-settings.ts';
import { DEVICE_TYPES } from '../channels/schemas.ts';
import { DOMAIN_PATTERN } from './schemas.ts';

export const SETTING_GROUPS = ['general', 'appearance', 'access', 'presets', 'retention', 'other'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingMeta {
  group: SettingGroup;
  schema: TSchema;
  /** The environment variable that, when set, holds the setting (read-only then). */
  env?: string;
  /** Readable without signing in (GET /api/settings/public). */
  public?: boolean;
}

const bool = (description: string) => Type.Boolean({ description });
const choices = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Union(values.map((value) => Type.Literal(value)), { description });

export const IN_APP_KEYWORD_MAX = 40;
export const PRESET_SCHEMES_MAX = 10;
export const PRESET_CHANNELS_MAX = 10;
export const PRESET_NAME_MAX = 64;

const presetSchemes = Type.Array(
  Type.Object(
    {
      scheme: Type.String({ minLength: 1, maxLength: PRESET_NAME_MAX, description: 'The scheme\'s name, e.g. "Production".' }),
      channels: Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: PRESET_NAME_MAX, description: 'The channel\'s name, e.g. "iOS".' }),
            device_type: choices(DEVICE_TYPES, 'The platform of the channel\'s builds.'),
          },
          { additionalProperties: false },
        ),
        { maxItems: PRESET_CHANNELS_MAX },
      ),
    },
    { additionalProperties: false },
  ),
  { maxItems: PRESET_SCHEMES_MAX, description: 'The schemes and channels a new app gets when its creator names none.' },
);

/** The settings this module describes; keys of settingDefaults not listed fall back to settingMeta()'s guess. */
export const settingRegistry: Record<string, SettingMeta> = {
  site_title: {
    group: 'general',
    env: SETTING_ENV_VARS.site_title,
    public: true,
    schema: Type.String({ minLength: SITE_TITLE_MIN, maxLength: SITE_TITLE_MAX, pattern: '\\S', description: 'The name in the web app and on install pages.' }),
  },
  default_locale: { group: 'appearance', env: SETTING_ENV_VARS.default_locale, public: true, schema: choices(['en', 'zh-CN'], 'The language for visitors.') },
  default_appearance: {
    group: 'appearance',
    env: SETTING_ENV_VARS.default_appearance,
    public: true,
    schema: choices(['light', 'dark', 'auto'], 'Light, dark, or the device\'s choice (auto), for visitors.'),
  },
  default_time_zone: {
    group: 'appearance',
    env: SETTING_ENV_VARS.default_time_zone,
    public: true,
    schema: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone such as Asia/Shanghai.' }),
  },
  registration_policy: { group: 'access', public: true, schema: choices(['closed', 'open', 'domains', 'invitation'], 'Who may sign up.') },
  registration_domains: {
    group: 'access',
    public: true,
    schema: Type.Array(Type.String({ maxLength: 254, pattern: DOMAIN_PATTERN }), { maxItems: 100, description: 'Email domains that may sign up.' }),
  },
  registration_enabled: { group: 'access', public: true, schema: bool('The old sign-up switch (open or domains).') },
  email_confirmation_required: { group: 'access', public: true, schema: bool('Local sign-ups confirm their email first.') },
  sign_in_link_enabled: { group: 'access', public: true, schema: bool('The sign-in page offers a link by mail.') },
  two_factor_required: { group: 'access', schema: bool('Password accounts must set up two-factor sign-in.') },
  password_sign_in_enabled: { group: 'access', schema: bool('Local passwords sign in (false: SSO only; changed at /admin/sign-in).') },
  guest_mode: { group: 'access', public: true, schema: bool('Visitors may browse without signing in.') },
  default_role: { group: 'presets', schema: choices(['member', 'developer'], 'The role of accounts people or sign-in providers create.') },
  preset_schemes: { group: 'presets', schema: presetSchemes },
  keep_old_build_files: {
    group: 'retention',
    schema: bool('Keep every build (true), or let the daily releases.retention job delete builds a newer build of the same version replaces.'),
  },
  default_retained_builds: {
    group: 'retention',
    schema: Type.Integer({ minimum: 0, maximum: 1000, description: 'Builds a new scheme keeps per channel; 0 keeps all.' }),
  },
  per_page: {
    group: 'general',
    env: SETTING_ENV_VARS.per_page,
    public: true,
    schema: Type.Integer({ minimum: 1, maximum: PER_PAGE_CEILING, description: 'Items per page when a list request names no per_page.' }),
  },
  max_per_page: {
    group: 'general',
    env: SETTING_ENV_VARS.max_per_page,
    public: true,
    schema: Type.Integer({ minimum: 1, maximum: PER_PAGE_CEILING, description: 'The largest per_page a list accepts.' }),
  },
  in_app_browsers: {
    group: 'presets',
    schema: Type.Array(Type.String({ minLength: 2, maxLength: IN_APP_KEYWORD_MAX, pattern: '^[^\\s]+$' }), {
      maxItems: 30,
      description: 'More User-Agent words of in-app browsers that cannot install (the built-in ones always count).',
    }),
  },
};

/** Settings that are not changed here (the sign-in screen has its own checks): shown, read-only. */
export const READ_ONLY_SETTINGS = new Set(['password_sign_in_enabled']);

/** The metadata of a key: the registry's, or a guess from its default for a key nobody described. */
export function settingMeta(key: string, fallback: unknown): SettingMeta {
  const known = settingRegistry[key];
  if (known) return known;
  const schema =
    typeof fallback === 'boolean' ? Type.Boolean()
    : typeof fallback === 'number' ? Type.Number()
    : typeof fallback === 'string' ? Type.String({ maxLength: 1000 })
    : Array.isArray(fallback) ? Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 })
    : Type.Unknown();
  return { group: 'other', schema };
}
