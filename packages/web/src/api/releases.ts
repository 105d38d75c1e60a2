// Releases: a channel's builds list (GET /api/channels/{id}/releases and its facets), one
// release (GET/PUT/DELETE /api/releases/{id}), and the upload (POST /api/apps/upload) sent with
// XMLHttpRequest, which — unlike fetch — reports upload progress and can be cancelled.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api, uploadForm } from './client.ts';
import type { FormFields, JsonAnswer, JsonBody, QueryOf, Schemas, UploadHandle as ClientUploadHandle, UploadProgress } from './client.ts';

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One change; any other key it was uploaded with (a commit `hash` …) comes back as sent. */
export type ChangelogEntry = Schemas['ChangelogEntry'];
/** custom_fields is any JSON, exactly as uploaded: Zealot's [{icon, name, value}], an object such as {"tauri_signature": …} … */
export type Release = Schemas['Release'];
/**
 * The parser's result, snake_case, as the appinfo CLI prints it; `details` depends on the format.
 * The document leaves it an open object ({} for a release stored without it): every field may be missing.
 */
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
/** A release with its app, scheme and channel; `metadata` and `custom_fields` read as the open JSON they are. */
export type ReleaseDetail = Omit<JsonAnswer<'/api/releases/{id}', 'get'>, 'metadata' | 'custom_fields'> & {
  metadata: ReleaseMetadata;
  custom_fields: JsonValue;
};
/** The answer with its open JSON fields read as the JSON they are on the wire. */
const asDetail = (release: JsonAnswer<'/api/releases/{id}', 'get'>) => release as ReleaseDetail;

export type ReleaseFilters = Pick<QueryOf<'/api/channels/{id}/releases', 'get'>, 'branch' | 'release_type' | 'q'>;
export type Facet = Schemas['ReleaseFacet'];
export type ReleaseFacets = JsonAnswer<'/api/channels/{id}/releases/facets', 'get'>;
/** The fields to change; `changelog` is one entry per line. */
export type ReleaseChanges = JsonBody<'/api/releases/{id}', 'put'>;

export const releaseKeys = {
  /** Everything about a channel's releases: invalidated after an upload, edit or delete. */
  channel: (channelId: number) => ['releases', 'channel', channelId] as const,
  list: (channelId: number, filters: ReleaseFilters, page: number, perPage: number) => ['releases', 'channel', channelId, 'list', filters, page, perPage] as const,
  facets: (channelId: number) => ['releases', 'channel', channelId, 'facets'] as const,
  detail: (id: number) => ['releases', 'detail', id] as const,
};

/** Without perPage the site's per_page setting decides. */
export function useChannelReleases(channelId: number, filters: ReleaseFilters, page: number, perPage?: number) {
  return useQuery({
    queryKey: releaseKeys.list(channelId, filters, page, perPage ?? 0),
    queryFn: ({ signal }) => {
      const query = { ...filters, page, per_page: perPage };
      return answerPage(api.GET('/api/channels/{id}/releases', { params: { path: { id: channelId }, query }, signal }), page, perPage ?? 20);
    },
    placeholderData: keepPreviousData,
  });
}

export function useReleaseFacets(channelId: number) {
  return useQuery({
    queryKey: releaseKeys.facets(channelId),
    queryFn: () => answer(api.GET('/api/channels/{id}/releases/facets', { params: { path: { id: channelId } } })),
  });
}

export function useRelease(id: number) {
  return useQuery({
    queryKey: releaseKeys.detail(id),
    queryFn: () => answer(api.GET('/api/releases/{id}', { params: { path: { id } } })).then(asDetail),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function updateRelease(id: number, changes: ReleaseChanges): Promise<ReleaseDetail> {
  return answer(api.PUT('/api/releases/{id}', { params: { path: { id } }, body: changes })).then(asDetail);
}

export function deleteRelease(id: number): Promise<Schemas['MessageResponse']> {
  return answer(api.DELETE('/api/releases/{id}', { params: { path: { id } } }));
}

/** The form fields; the web app always names the channel by its key. */
export type UploadFields = FormFields<'/api/apps/upload'> & { channel_key: string };

export type { UploadProgress } from './client.ts';
export type UploadHandle = ClientUploadHandle<ReleaseDetail>;

/**
 * Uploads a build with the session cookie and the CSRF header. The channel key and fields go
 * before the file, so the server checks the caller before it stores a byte of the file.
 * Rejects with ApiError carrying the server's sentence (422 with details, 413 too large …).
 */
export function uploadRelease(
  file: File,
  fields: UploadFields,
  onProgress: (progress: UploadProgress) => void,
  offlineMessage: string,
): UploadHandle {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') form.append(name, value);
  }
  form.append('file', file, file.name);
  const upload = uploadForm('/api/apps/upload', form, onProgress, offlineMessage);
  return { ...upload, promise: upload.promise.then((release) => release as ReleaseDetail) };
}
