// The settings screen (/api/admin/settings): every setting with its source and hints, a change
// of several, the reset of one, and the public URL check. Administrators only.
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { JsonAnswer } from './client.ts';

export type AdminSettings = JsonAnswer<'/api/admin/settings', 'get'>;
export type AdminSetting = AdminSettings['settings'][number];
export type UrlCheck = JsonAnswer<'/api/admin/settings/check-url', 'post'>;

export const ADMIN_SETTINGS_KEY = ['admin', 'site-settings'] as const;

export function useAdminSettings() {
  return useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: () => answer(api.GET('/api/admin/settings')) });
}

export function saveSettings(changes: Record<string, unknown>): Promise<AdminSettings> {
  return answer(api.PUT('/api/admin/settings', { body: changes }));
}

export function resetSetting(key: string): Promise<AdminSettings> {
  return answer(api.DELETE('/api/admin/settings/{key}', { params: { path: { key } } }));
}

export function checkPublicUrl(): Promise<UrlCheck> {
  return answer(api.POST('/api/admin/settings/check-url'));
}
