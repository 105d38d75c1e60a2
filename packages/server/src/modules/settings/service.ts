// Instance-wide settings that an administrator changes at run time (as opposed to the
// environment, read once at start). Each setting is declared once with its default.
import { now } from '../../db/index.ts';
import type { SettingsRepository } from './repository.ts';

export const settingDefaults = {
  /** Whether people may create their own account on the sign-in page. */
  registration_enabled: false,
};

export type SettingKey = keyof typeof settingDefaults;
export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K];

export function createSettingsService({ settingsRepository }: { settingsRepository: SettingsRepository }) {
  return {
    async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
      const raw = await settingsRepository.get(key);
      if (raw === undefined) return settingDefaults[key];
      try {
        return JSON.parse(raw) as SettingValue<K>;
      } catch {
        return settingDefaults[key];
      }
    },

    async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
      await settingsRepository.set(key, JSON.stringify(value), now());
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
