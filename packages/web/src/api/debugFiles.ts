// Debug files (dSYM, Proguard) as /api answers them (tag "Debug files" in /api/openapi.json):
// list per app, one file, delete, and the upload (XMLHttpRequest, for its progress events).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicSettingsQuery } from './account.ts';
import { answer, answerPage, api, uploadForm } from './client.ts';
import type { FormFields, JsonAnswer, QueryOf, SameValues, UploadHandle, UploadProgress } from './client.ts';

export const DEBUG_FILE_PLATFORMS = ['ios', 'android', 'macos'] as const;
export type DebugFilePlatform = (typeof DEBUG_FILE_PLATFORMS)[number];
const _platformsMatch: SameValues<DebugFilePlatform, NonNullable<QueryOf<'/api/debug_files', 'get'>['device_type']>> = true;
/** One debug file with its links; `permissions` only on GET /api/debug_files/{id}. */
export type DebugFile = JsonAnswer<'/api/debug_files/{id}', 'get'>;
export type DebugFileCategory = DebugFile['category'];
/** One object inside the zip: a dSYM's executable or framework, or a Proguard mapping. */
export type DebugFileEntry = DebugFile['metadata'][number];
export type DebugFileFilters = Pick<QueryOf<'/api/debug_files', 'get'>, 'device_type' | 'release_version' | 'build_version'>;

export const DEBUG_FILES_PER_PAGE = 20;

export const debugFileKeys = {
  all: ['debug-files'] as const,
  list: (appId: number, filters: DebugFileFilters, page: number) => ['debug-files', 'list', appId, filters, page] as const,
  detail: (id: number) => ['debug-files', 'detail', id] as const,
  apps: (q: string) => ['debug-files', 'apps', q] as const,
};

/** Without perPage the site's per_page setting decides (a short card may ask for its own few). */
export function listDebugFiles(appId: number, filters: DebugFileFilters, page: number, perPage?: number) {
  const query = { app_id: appId, order: 'version' as const, ...filters, page, per_page: perPage };
  return answerPage(api.GET('/api/debug_files', { params: { query } }), page, perPage ?? DEBUG_FILES_PER_PAGE);
}

export function useDebugFiles(appId: number | null, filters: DebugFileFilters, page: number, perPage?: number) {
  return useQuery({
    queryKey: [...debugFileKeys.list(appId ?? 0, filters, page), perPage ?? 'site'],
    queryFn: () => listDebugFiles(appId!, filters, page, perPage),
    enabled: appId !== null && appId > 0,
    placeholderData: keepPreviousData,
  });
}

export const getDebugFile = (id: number) => answer(api.GET('/api/debug_files/{id}', { params: { path: { id } } }));

export function useDebugFile(id: number) {
  return useQuery({ queryKey: debugFileKeys.detail(id), queryFn: () => getDebugFile(id), enabled: Number.isInteger(id) && id > 0 });
}

export const deleteDebugFile = (id: number) => answer(api.DELETE('/api/debug_files/{id}', { params: { path: { id } } }));

/** The apps to choose from (every app the caller can see, archived too), searched by name. */
export function useDebugFileApps(q: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: debugFileKeys.apps(q),
    queryFn: async () => {
      // As many as the site lets a page hold (the max_per_page setting).
      const { max_per_page: perPage } = await client.fetchQuery(publicSettingsQuery);
      return answerPage(api.GET('/api/apps', { params: { query: { scope: 'all', q, page: 1, per_page: perPage } } }), 1, perPage);
    },
    placeholderData: keepPreviousData,
  });
}

export type DebugFileUploadFields = FormFields<'/api/debug_files/upload'>;

export type DebugFileUploadProgress = UploadProgress;
export type DebugFileUploadHandle = UploadHandle<JsonAnswer<'/api/debug_files/upload', 'post'>>;

/**
 * Uploads a zip with the session cookie and the CSRF header; the key and versions go before
 * the file, so the server checks the caller before it stores a byte. Rejects with ApiError
 * (the server's sentence: 422 with details, 409 for an archived app, 413 too large); the same
 * zip again for the same versions answers the file already stored, or
 * an AbortError after abort().
 */
export function uploadDebugFile(
  file: File,
  fields: DebugFileUploadFields,
  onProgress: (progress: DebugFileUploadProgress) => void,
  offlineMessage: string,
): DebugFileUploadHandle {
  const form = new FormData();
  form.append('channel_key', fields.channel_key);
  if (fields.release_version?.trim()) form.append('release_version', fields.release_version.trim());
  if (fields.build_version?.trim()) form.append('build_version', fields.build_version.trim());
  form.append('file', file, file.name);
  return uploadForm('/api/debug_files/upload', form, onProgress, offlineMessage);
}

/** "1.0 (12)", or null when the file has no version. */
export function versionLabel(file: Pick<DebugFile, 'release_version' | 'build_version'>): string | null {
  if (!file.release_version && !file.build_version) return null;
  return `${file.release_version ?? '?'}${file.build_version ? ` (${file.build_version})` : ''}`;
}

/** The path of the linked release's screen. */
export function releasePath(file: Pick<DebugFile, 'app_id' | 'release'>): string | null {
  return file.release ? `/apps/${file.app_id}/channels/${file.release.channel_id}/releases/${file.release.id}` : null;
}

/** The path part of an absolute link the server built (TARMAC_URL may name another host). */
export function localPath(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
