// The settings screen's side of the settings: every key with its value, default, source and
// schema hints; a checked change of several keys (422 per field, 409 for one the environment
// holds), and the reset of one. typebox/value loads on the first check, not at start.
import { createRequire } from 'node:module';
import type { TSchema } from 'typebox';
import type * as ValueModuleNamespace from 'typebox/value';
import { isTimeZone } from '../../config-settings.ts';
import { ConflictError, fieldIssue, NotFoundError, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { PRESET_SCHEMES_KEY, presetSchemesErrors } from './preset-check.ts';
import { READ_ONLY_SETTINGS, settingMeta } from './registry.ts';
import type { SettingGroup } from './registry.ts';
import { settingDefaults } from './service.ts';
import type { SettingKey, Settings, SettingSource, SettingsService } from './service.ts';

const require = createRequire(import.meta.url);
let valueModule: typeof ValueModuleNamespace | undefined;
const values = () => (valueModule ??= require('typebox/value') as typeof ValueModuleNamespace).Value;

/** Keys the screen does not list: the old sign-up switch is registration_policy now. */
const HIDDEN: ReadonlySet<string> = new Set(['registration_enabled']);

export interface SettingHints {
  type: 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'unknown';
  choices?: string[];
  minimum?: number;
  maximum?: number;
  min_length?: number;
  max_length?: number;
  max_items?: number;
}

export interface SettingView {
  key: string;
  group: SettingGroup;
  value: unknown;
  default: unknown;
  source: SettingSource;
  editable: boolean;
  env_var: string | null;
  public: boolean;
  hints: SettingHints;
}

/** The keys the screen lists, in settingDefaults' order. */
export function listedKeys(): SettingKey[] {
  return (Object.keys(settingDefaults) as SettingKey[]).filter((key) => !HIDDEN.has(key));
}

function hintsOf(schema: TSchema): SettingHints {
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.anyOf)) {
    return { type: 'string', choices: (s.anyOf as { const?: unknown }[]).map((option) => String(option.const)) };
  }
  const type = typeof s.type === 'string' && ['boolean', 'integer', 'number', 'string', 'array'].includes(s.type) ? s.type : 'unknown';
  const hints: SettingHints = { type: type as SettingHints['type'] };
  if (typeof s.minimum === 'number') hints.minimum = s.minimum;
  if (typeof s.maximum === 'number') hints.maximum = s.maximum;
  if (typeof s.minLength === 'number') hints.min_length = s.minLength;
  if (typeof s.maxLength === 'number') hints.max_length = s.maxLength;
  if (typeof s.maxItems === 'number') hints.max_items = s.maxItems;
  return hints;
}

export async function describeSettings(settingsService: SettingsService): Promise<SettingView[]> {
  const current = await settingsService.all();
  return Promise.all(
    listedKeys().map(async (key) => {
      const meta = settingMeta(key, settingDefaults[key]);
      const source = await settingsService.source(key);
      return {
        key,
        group: meta.group,
        value: current[key],
        default: settingDefaults[key],
        source,
        editable: source !== 'environment' && !READ_ONLY_SETTINGS.has(key),
        env_var: meta.env ?? null,
        public: meta.public ?? false,
        hints: hintsOf(meta.schema),
      };
    }),
  );
}

/** The first problem of one value, in a sentence; undefined when it is right. */
function problemOf(key: string, value: unknown): string | undefined {
  const schema = settingMeta(key, settingDefaults[key as SettingKey]).schema;
  const first = values().Errors(schema, value)[0] as { instancePath?: string; message?: string } | undefined;
  if (first) return `${first.instancePath ? `${first.instancePath.slice(1)} ` : ''}${first.message ?? 'is not valid'}`.trim();
  if (key === 'default_time_zone' && !isTimeZone(value as string)) return 'is not an IANA time zone such as Asia/Shanghai';
  if (key === 'site_title' && (value as string).trim() !== value) return 'must not start or end with spaces';
  return undefined;
}

/** Checks a change of several settings: 409 for one the environment holds, then 422 for every bad value. */
export function checkChange(settingsService: SettingsService, input: Partial<Settings> & Record<string, unknown>): Partial<Settings> {
  const keys = Object.keys(input);
  const held = keys.find((key) => settingsService.heldByEnvironment(key));
  if (held) {
    const variable = settingMeta(held, undefined).env ?? 'its environment variable';
    throw new ConflictError(`${held} is set by ${variable}: change it there and restart`, 'settings.from_environment', { key: held, variable });
  }
  const readOnly = keys.find((key) => READ_ONLY_SETTINGS.has(key));
  if (readOnly) throw new ConflictError(`${readOnly} is changed on its own screen (/admin/sign-in)`, 'settings.read_only', { key: readOnly });
  const errors: FieldErrors = {};
  for (const key of keys) {
    const known = Object.hasOwn(settingDefaults, key) && !HIDDEN.has(key);
    // Preset schemes are checked field by field (the form shows each problem on its box); the schema stays the last word.
    const presetErrors = key === PRESET_SCHEMES_KEY ? presetSchemesErrors(input[key]) : {};
    Object.assign(errors, presetErrors);
    if (Object.keys(presetErrors).length > 0) continue;
    const problem = known ? problemOf(key, input[key]) : 'is not a setting';
    if (problem) errors[key] = [fieldIssue('invalid', problem)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

/** The key of a reset: 404 for a key that is no setting, 409 for one the environment holds or another screen changes. */
export function checkReset(settingsService: SettingsService, key: string): SettingKey {
  if (!Object.hasOwn(settingDefaults, key) || HIDDEN.has(key)) throw new NotFoundError(`There is no setting ${key}`);
  checkChange(settingsService, { [key]: settingDefaults[key as SettingKey] });
  return key as SettingKey;
}

/** What changed, key by key, between two readings (JSON equality). */
export function changedKeys(before: Settings, after: Settings): { key: SettingKey; from: unknown; to: unknown }[] {
  return listedKeys()
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, from: before[key], to: after[key] }));
}
