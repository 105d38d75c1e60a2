// The presets a new app gets from the settings (preset_schemes, default_retained_builds), in
// the shape the apps service creates schemes from. Read at each creation: a change applies at once.
import type { AppPresets } from '../apps/service.ts';
import type { SettingsService } from './service.ts';

export async function appPresets(settingsService: Pick<SettingsService, 'get'>): Promise<AppPresets> {
  const [schemes, retainedBuilds] = await Promise.all([settingsService.get('preset_schemes'), settingsService.get('default_retained_builds')]);
  return {
    retainedBuilds,
    schemes: schemes.map((preset) => ({
      name: preset.scheme,
      channels: preset.channels.map((channel) => ({ name: channel.name, deviceType: channel.device_type })),
    })),
  };
}
