// Releases: a channel's builds list (GET /api/channels/{id}/releases and its facets), one
// release (GET/PUT/DELETE /api/releases/{id}), and the upload (POST /api/apps/upload) sent with
// XMLHttpRequest, which — unlike fetch — reports upload progress and can be cancelled.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request, requestPage, uploadForm } from './client.ts';
import type { UploadHandle as ClientUploadHandle, UploadProgress } from './client.ts';
import type { Channel } from './apps.ts';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One change; any other key it was uploaded with (a commit `hash` …) comes back as sent. */
export interface ChangelogEntry {
  message: string;
  author?: string;
  email?: string;
  date?: string;
  [key: string]: JsonValue | undefined;
}

export interface Release {
  id: number;
  version: number;
  app_name: string;
  bundle_id: string;
  release_version: string;
  build_version: string;
  release_type: string | null;
  source: string;
  branch: string | null;
  git_commit: string | null;
  ci_url: string | null;
  size: number;
  platform: string;
  device_type: string;
  format: string;
  min_os_version: string | null;
  checksum: string;
  file_name: string;
  icon_url: string | null;
  install_url: string;
  download_url: string;
  release_url: string;
  qrcode_url: string;
  changelog: ChangelogEntry[];
  text_changelog: string;
  /** Any JSON, exactly as uploaded: Zealot's [{icon, name, value}], an object such as {"tauri_signature": …}, fastlane's ["[]"] … */
  custom_fields: JsonValue;
  download_count: number;
  install_count: number;
  created_at: string;
}

/** The parser's result, snake_case, as the appinfo CLI prints it; `details` depends on the format. */
export interface ReleaseMetadata {
  format?: string;
  platform?: string;
  device?: string;
  name?: string | null;
  display_name?: string | null;
  bundle_id?: string | null;
  release_version?: string | null;
  build_version?: string | null;
  min_os_version?: string | null;
  size?: number;
  archs?: string[];
  icons?: { path: string; width: number | null; height: number | null; kind: string }[];
  details?: Record<string, unknown>;
}

export interface ReleaseDetail extends Release {
  app: { id: number; name: string };
  scheme: { id: number; name: string; new_build_callout: boolean; retained_builds: number };
  channel: Channel;
  metadata: ReleaseMetadata;
}

export interface ReleaseFilters {
  branch?: string | undefined;
  release_type?: string | undefined;
  q?: string | undefined;
}

export interface Facet {
  name: string;
  count: number;
}

export interface ReleaseFacets {
  branches: Facet[];
  release_types: Facet[];
}

export interface ReleaseChanges {
  release_version?: string;
  build_version?: string;
  release_type?: string;
  branch?: string;
  git_commit?: string;
  ci_url?: string;
  /** One entry per line. */
  changelog?: string;
}

export const releaseKeys = {
  /** Everything about a channel's releases: invalidated after an upload, edit or delete. */
  channel: (channelId: number) => ['releases', 'channel', channelId] as const,
  list: (channelId: number, filters: ReleaseFilters, page: number, perPage: number) => ['releases', 'channel', channelId, 'list', filters, page, perPage] as const,
  facets: (channelId: number) => ['releases', 'channel', channelId, 'facets'] as const,
  detail: (id: number) => ['releases', 'detail', id] as const,
};

export function useChannelReleases(channelId: number, filters: ReleaseFilters, page: number, perPage: number) {
  return useQuery({
    queryKey: releaseKeys.list(channelId, filters, page, perPage),
    queryFn: ({ signal }) => requestPage<Release>(`/channels/${channelId}/releases`, { query: { ...filters }, page, perPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReleaseFacets(channelId: number) {
  return useQuery({ queryKey: releaseKeys.facets(channelId), queryFn: () => request<ReleaseFacets>(`/channels/${channelId}/releases/facets`) });
}

export function useRelease(id: number) {
  return useQuery({ queryKey: releaseKeys.detail(id), queryFn: () => request<ReleaseDetail>(`/releases/${id}`), enabled: Number.isInteger(id) && id > 0 });
}

export function updateRelease(id: number, changes: ReleaseChanges): Promise<ReleaseDetail> {
  return request<ReleaseDetail>(`/releases/${id}`, { method: 'PUT', json: changes });
}

export function deleteRelease(id: number): Promise<void> {
  return request<void>(`/releases/${id}`, { method: 'DELETE' });
}

export interface UploadFields {
  channel_key: string;
  changelog?: string;
  release_type?: string;
  branch?: string;
  git_commit?: string;
}

export type { UploadProgress } from './client.ts';
export type UploadHandle = ClientUploadHandle<ReleaseDetail>;

/**
 * Uploads a build with the session cookie and the CSRF header. The channel key and fields go
 * before the file, so the server checks the caller before it stores a byte of the file.
 * Rejects with ApiError carrying the server's sentence (422 with details, 413 too large …).
 */
export function uploadRelease(file: File, fields: UploadFields, onProgress: (progress: UploadProgress) => void, offlineMessage: string): UploadHandle {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') form.append(name, value);
  }
  form.append('file', file, file.name);
  return uploadForm<ReleaseDetail>('/apps/upload', form, onProgress, offlineMessage);
}
