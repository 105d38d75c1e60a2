// The preset_schemes setting as the settings form edits it: its saved value ({scheme, channels})
// as scheme drafts, made once per value so the boxes keep their keys (and focus) across renders,
// and the drafts back as the value the server takes.
import type { AdminSetting } from '../../api/site-settings.ts';
import type { DeviceType } from '../../api/apps.ts';
import { fromDrafts, toDrafts } from '../apps/SchemesEditor.tsx';
import type { SchemeDraft } from '../apps/SchemesEditor.tsx';

/** The longest scheme or channel name a preset takes (the server's registry). */
export const PRESET_NAME_MAX = 64;

interface PresetScheme {
  scheme: string;
  channels: { name: string; device_type: DeviceType }[];
}

export const isSchemesSetting = (setting: Pick<AdminSetting, 'key'>): boolean => setting.key === 'preset_schemes';

const made = new WeakMap<object, SchemeDraft[]>();

/** The drafts of a saved value; the same array for the same value. */
export function presetDrafts(value: unknown): SchemeDraft[] {
  if (!Array.isArray(value)) return [];
  let drafts = made.get(value);
  if (!drafts) {
    drafts = toDrafts((value as PresetScheme[]).map((preset) => ({ name: preset.scheme, channels: preset.channels })));
    made.set(value, drafts);
  }
  return drafts;
}

/** The drafts as the setting's value: names as typed (the server refuses a blank one on its box). */
export function presetValue(drafts: readonly SchemeDraft[]): PresetScheme[] {
  return fromDrafts(drafts).map((scheme) => ({ scheme: scheme.name, channels: scheme.channels }));
}
