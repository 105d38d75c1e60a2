// Instance-wide settings that an administrator changes at run time (as opposed to the
// environment, read once at start). Each setting is declared once with its default; the
// public ones are readable by anyone (the sign-in page asks whether sign-up is open).
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';

import type { SettingsRepository } from './repository.ts';

export const settingDefaults = {
  /** Whether people may create their own account on the sign-in page. */
  registration_enabled: false,
  /** The role of accounts people create themselves or that a sign-in provider creates: member or developer. */
  default_role: 'member' as 'member' | 'developer',
  /** Whether local passwords sign in; false is SSO-only mode (changed at /api/admin/sign-in-settings, with its safety checks). */
  password_sign_in_enabled: true,
};

export type SettingKey = keyof typeof settingDefaults;

/** The values a setting of a fixed set may take; a stored value outside it counts as unset. */
const settingChoices: Partial<Record<SettingKey, readonly unknown[]>> = {
  default_role: ['member', 'developer'],
};
export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K];
export type Settings = { [K in SettingKey]: SettingValue<K> };

/** The settings anyone may read, signed in or not. */
export const PUBLIC_SETTINGS = ['registration_enabled'] as const satisfies readonly SettingKey[];
export type PublicSettings = Pick<Settings, (typeof PUBLIC_SETTINGS)[number]>;

export function createSettingsService({ settingsRepository, clock }: { settingsRepository: SettingsRepository; clock: Clock }) {
  function assertCanManage(actor: Actor): void {
    if (!can(actor, 'settings:manage')) throw forbidden('settings:manage');
  }

  async function get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const raw = await settingsRepository.get(key);
    if (raw === undefined) return settingDefaults[key];
    try {
      const value = JSON.parse(raw) as unknown;
      // A value of the wrong type (written by hand, say) counts as unset.
      if (typeof value !== typeof settingDefaults[key]) return settingDefaults[key];
      return settingChoices[key] && !settingChoices[key].includes(value) ? settingDefaults[key] : (value as SettingValue<K>);
    } catch {
      return settingDefaults[key];
    }
  }

  async function all(): Promise<Settings> {
    const entries = await Promise.all((Object.keys(settingDefaults) as SettingKey[]).map(async (key) => [key, await get(key)] as const));
    return Object.fromEntries(entries) as Settings;
  }

  return {
    get,

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
    async update(actor: Actor, changes: Partial<Settings>): Promise<Settings> {
      assertCanManage(actor);
      const timestamp = clock.now();
      for (const key of Object.keys(settingDefaults) as SettingKey[]) {
        const value = changes[key];
        if (value !== undefined) await settingsRepository.set(key, JSON.stringify(value), timestamp);
      }
      return all();
    },

    /** What anyone may know. */
    async publicSettings(): Promise<PublicSettings> {
      return { registration_enabled: await get('registration_enabled') };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
