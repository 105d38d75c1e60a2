// Instance-wide settings that an administrator changes at run time (as opposed to the
// environment, read once at start). Each setting is declared once with its default; the
// public ones are readable by anyone (the sign-in page asks whether sign-up is open).
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { SettingsFromEnvironment } from '../../config-settings.ts';
import { ConflictError } from '../../errors.ts';

import type { SettingsRepository } from './repository.ts';

export const REGISTRATION_POLICIES = ['closed', 'open', 'domains', 'invitation'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];

export const settingDefaults = {
  /**
   * Who may create their own account: nobody (closed), anyone (open), people whose email is at one
   * of registration_domains (domains), or only people holding an invitation (invitation).
   */
  registration_policy: 'closed' as RegistrationPolicy,
  /** The email domains (lower-case) that may sign up under the `domains` policy. */
  registration_domains: [] as string[],
  /** Whether a local sign-up must confirm its email (by a mailed link) before it can sign in. */
  email_confirmation_required: false,
  /**
   * The old switch, before registration_policy: read only when no policy is stored (true counts as
   * open), and answered as "open or domains" for older clients.
   */
  registration_enabled: false,
  /** The role of accounts people create themselves or that a sign-in provider creates: member or developer. */
  default_role: 'member' as 'member' | 'developer',
  /** Whether the sign-in page offers a one-time sign-in link by mail (needs mail configured). */
  sign_in_link_enabled: false,
  /** Whether accounts that sign in with a password must set up two-factor sign-in first (modules/two-factor). */
  two_factor_required: false,
  /** Whether local passwords sign in; false is SSO-only mode (changed at /api/admin/sign-in-settings, with its safety checks). */
  password_sign_in_enabled: true,
  /** Whether people who are not signed in may browse and install the apps marked public (docs/guest-mode.md). */
  guest_mode: false,
  /** The name in the web app's header and title and on install pages (TARMAC_SITE_TITLE). */
  site_title: 'Tarmac',
  /** The language for visitors who have not chosen one (TARMAC_DEFAULT_LOCALE). */
  default_locale: 'en' as 'en' | 'zh-CN',
  /** Light, dark, or the device's choice, for visitors (TARMAC_DEFAULT_APPEARANCE). */
  default_appearance: 'auto' as 'light' | 'dark' | 'auto',
  /** The IANA time zone dates are shown in for visitors (TARMAC_DEFAULT_TIME_ZONE). */
  default_time_zone: 'UTC',
  /** The schemes and channels a new app gets when its creator names none. */
  preset_schemes: [] as PresetScheme[],
  /**
   * Whether every build stays (true), or the daily releases.retention job deletes, per channel, each build that a
   * newer build of the same release version supersedes (false).
   */
  keep_old_build_files: true,
  /** Builds a new scheme keeps per channel (0 keeps all), when its creator says nothing. */
  default_retained_builds: 0,
  /** More User-Agent words of in-app browsers the install page asks to leave (beside the built-in ones). */
  in_app_browsers: [] as string[],
  /** Items per page of a list whose request names no per_page (TARMAC_PER_PAGE); max_per_page caps it. */
  per_page: 25,
  /** The largest per_page a list accepts; above it a 422 (TARMAC_MAX_PER_PAGE). */
  max_per_page: 100,
};

export interface PresetScheme {
  scheme: string;
  channels: { name: string; device_type: 'ios' | 'android' | 'harmonyos' | 'macos' | 'windows' | 'linux' }[];
}

export type SettingKey = keyof typeof settingDefaults;

/** The values a setting of a fixed set may take; a stored value outside it counts as unset. */
export const settingChoices: Partial<Record<SettingKey, readonly unknown[]>> = {
  default_role: ['member', 'developer'],
  registration_policy: REGISTRATION_POLICIES,
  default_locale: ['en', 'zh-CN'],
  default_appearance: ['light', 'dark', 'auto'],
};

/** Lists of objects: a stored item of another shape counts as unset. */
const OBJECT_LISTS: ReadonlySet<string> = new Set(['preset_schemes']);

/**
 * A stored value of the default's shape (a list of strings for a list). Writes are checked
 * against the registry's full schema (admin.ts); reading stays this light (no typebox/value at idle).
 */
function fits(key: SettingKey, value: unknown): boolean {
  const fallback = settingDefaults[key];
  if (OBJECT_LISTS.has(key)) return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null);
  if (Array.isArray(fallback)) return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === typeof fallback;
}
export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K];
export type Settings = { [K in SettingKey]: SettingValue<K> };

/** The settings anyone may read, signed in or not. */
export const PUBLIC_SETTINGS = [
  'registration_enabled', 'registration_policy', 'registration_domains', 'email_confirmation_required', 'sign_in_link_enabled',
  'guest_mode',
] as const satisfies readonly SettingKey[];

/** Whether a stranger may find a sign-up form (the old registration_enabled). */
export function signUpOpen(policy: RegistrationPolicy): boolean {
  return policy === 'open' || policy === 'domains';
}

/** Domains lower-cased, without a trailing dot, each once. */
export function normalizeDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((domain) => domain.trim().toLowerCase().replace(/\.$/, '')).filter((domain) => domain !== ''))];
}
export type PublicSettings = Pick<Settings, (typeof PUBLIC_SETTINGS)[number]> & { mail_enabled: boolean } & Pick<
  Settings,
  'site_title' | 'default_locale' | 'default_appearance' | 'default_time_zone' | 'per_page' | 'max_per_page'
>;

interface Deps {
  settingsRepository: SettingsRepository;
  clock: Clock;
  /** Whether mail can be sent (TARMAC_SMTP_URL): email confirmation and sign-in links need it. */
  mailConfigured?: boolean;
  /** Settings the environment holds (config.settingsFromEnvironment): they win over saved values. */
  fromEnvironment?: SettingsFromEnvironment;
}

export type SettingSource = 'default' | 'environment' | 'saved';

export const MAIL_NOT_CONFIGURED =
  'Email confirmation needs outgoing mail: set TARMAC_SMTP_URL and TARMAC_MAIL_FROM, restart, then turn it on';

export function createSettingsService({ settingsRepository, clock, mailConfigured = false, fromEnvironment = {} }: Deps) {
  const heldByEnvironment = (key: string): boolean => Object.hasOwn(fromEnvironment, key);

  function assertCanManage(actor: Actor): void {
    if (!can(actor, 'settings:manage')) throw forbidden('settings:manage');
  }

  // No cache: every read asks the database (one indexed row), so a change applies at once on every
  // instance sharing it, without a restart or an invalidation message.
  async function get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    if (heldByEnvironment(key)) return fromEnvironment[key] as SettingValue<K>;
    const raw = await settingsRepository.get(key);
    if (raw === undefined && key === 'registration_policy') {
      // Stored before the policy existed (or by the Zealot import): the old switch decides.
      return ((await get('registration_enabled')) ? 'open' : 'closed') as SettingValue<K>;
    }
    if (raw === undefined) return settingDefaults[key];
    try {
      const value = JSON.parse(raw) as unknown;
      // A value of the wrong type (written by hand, say) counts as unset.
      if (!fits(key, value)) return settingDefaults[key];
      return settingChoices[key] && !settingChoices[key].includes(value) ? settingDefaults[key] : (value as SettingValue<K>);
    } catch {
      return settingDefaults[key];
    }
  }

  async function all(): Promise<Settings> {
    const entries = await Promise.all((Object.keys(settingDefaults) as SettingKey[]).map(async (key) => [key, await get(key)] as const));
    const settings = Object.fromEntries(entries) as Settings;
    return { ...settings, registration_enabled: signUpOpen(settings.registration_policy) };
  }

  /** A list's page size when the request names none (never above the maximum), and the maximum. */
  async function pageSizes(): Promise<{ per_page: number; max_per_page: number }> {
    const [perPage, max] = await Promise.all([get('per_page'), get('max_per_page')]);
    return { per_page: Math.min(perPage, max), max_per_page: max };
  }

  /** Where a setting's value comes from now. */
  async function source(key: SettingKey): Promise<SettingSource> {
    if (heldByEnvironment(key)) return 'environment';
    if ((await settingsRepository.get(key)) !== undefined) return 'saved';
    // The policy read from the old switch counts as saved: someone chose it.
    if (key === 'registration_policy' && (await settingsRepository.get('registration_enabled')) !== undefined) return 'saved';
    return 'default';
  }

  return {
    get,
    source,
    heldByEnvironment,
    /** Every setting's current value, for callers that checked the actor already. */
    all,

    /** Forgets the saved value: the default (or the environment's) applies again. */
    async reset(key: SettingKey): Promise<void> {
      await settingsRepository.remove(key);
      if (key === 'registration_policy') await settingsRepository.remove('registration_enabled');
    },

    async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
      await settingsRepository.set(key, JSON.stringify(value), clock.now());
    },

    /** Refuses a caller who may not manage settings, before anything is read or validated. */
    assertCanManage,

    /** Every setting with its current value: administrators only. */
    async list(actor: Actor): Promise<Settings> {
      assertCanManage(actor);
      return all();
    },

    /** Changes the settings given and answers them all: administrators only. */
    async update(actor: Actor, input: Partial<Settings>): Promise<Settings> {
      assertCanManage(actor);
      if (input.sign_in_link_enabled === true && !mailConfigured) {
        throw new ConflictError('Sign-in links need mail: set TARMAC_SMTP_URL and TARMAC_MAIL_FROM first', 'mail.not_configured');
      }
      if (input.email_confirmation_required === true && !mailConfigured) {
        throw new ConflictError(MAIL_NOT_CONFIGURED, 'settings.mail_not_configured');
      }
      const { registration_enabled: enabled, ...rest } = input;
      const changes: Partial<Settings> = rest;
      // The old switch (older clients) sets the policy, unless the policy is sent too.
      if (enabled !== undefined && changes.registration_policy === undefined) changes.registration_policy = enabled ? 'open' : 'closed';
      if (changes.registration_domains) changes.registration_domains = normalizeDomains(changes.registration_domains);
      const timestamp = clock.now();
      for (const key of Object.keys(settingDefaults) as SettingKey[]) {
        const value = changes[key];
        if (value !== undefined) await settingsRepository.set(key, JSON.stringify(value), timestamp);
      }
      return all();
    },

    /** What anyone may know: the policy, its domains (the sign-up page's hint) and the old switch. */
    async publicSettings(): Promise<PublicSettings> {
      const policy = await get('registration_policy');
      return {
        registration_enabled: signUpOpen(policy),
        registration_policy: policy,
        registration_domains: policy === 'domains' ? await get('registration_domains') : [],
        email_confirmation_required: (await get('email_confirmation_required')) && mailConfigured,
        sign_in_link_enabled: mailConfigured && (await get('sign_in_link_enabled')),
        mail_enabled: mailConfigured,
        guest_mode: await get('guest_mode'),
        site_title: await get('site_title'),
        default_locale: await get('default_locale'),
        default_appearance: await get('default_appearance'),
        default_time_zone: await get('default_time_zone'),
        ...(await pageSizes()),
      };
    },

    pageSizes,

    /** Whether sign-ups must confirm their email now (the setting, and mail to send the link). */
    async confirmationRequired(): Promise<boolean> {
      return mailConfigured && (await get('email_confirmation_required'));
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
