// A channel and its changes: GET/PUT /api/channels/{id}, POST /api/channels/{id}/key, each
// answering the channel with its scheme and app. What the caller may do comes from the app
// (GET /api/apps/{id} → permissions, see apps.ts); the server stays the authority, the UI
// disables what it would refuse.
import { useQuery } from '@tanstack/react-query';
import type { Channel } from './apps.ts';
import { answer, api } from './client.ts';
import type { JsonAnswer, JsonBody, SameValues } from './client.ts';

export type DownloadFilenameType = Channel['download_filename_type'];
export const DOWNLOAD_FILENAME_TYPES = ['version_datetime', 'original_filename'] as const;
const _filenameTypesMatch: SameValues<DownloadFilenameType, (typeof DOWNLOAD_FILENAME_TYPES)[number]> = true;

/** A channel with its scheme and app: what GET, PUT /api/channels/{id} and POST …/key answer. */
export type ChannelDetail = JsonAnswer<'/api/channels/{id}', 'get'>;
/** The fields to change; a `password` of "" removes the password. */
export type ChannelChanges = JsonBody<'/api/channels/{id}', 'put'>;

export const channelKeys = {
  detail: (id: number) => ['channels', id] as const,
};

export function fetchChannel(id: number): Promise<ChannelDetail> {
  return answer(api.GET('/api/channels/{id}', { params: { path: { id } } }));
}

export function updateChannel(id: number, changes: ChannelChanges): Promise<ChannelDetail> {
  return answer(api.PUT('/api/channels/{id}', { params: { path: { id } }, body: changes }));
}

export function regenerateChannelKey(id: number): Promise<ChannelDetail> {
  return answer(api.POST('/api/channels/{id}/key', { params: { path: { id } } }));
}

export function useChannel(id: number) {
  return useQuery({ queryKey: channelKeys.detail(id), queryFn: () => fetchChannel(id), enabled: Number.isInteger(id) && id > 0 });
}

/** The channel's public page: the newest build, with the password form when it has one. */
export function publicChannelUrl(slug: string): string {
  return `${window.location.origin}/${slug}`;
}

/** A browsable commit URL from the channel's git URL (https://host/owner/repo[.git] or git@host:owner/repo.git), or null. */
export function commitUrl(gitUrl: string | null | undefined, commit: string | null | undefined): string | null {
  if (!gitUrl || !commit || !/^[0-9a-f]{4,64}$/i.test(commit)) return null;
  let base = gitUrl.trim().replace(/\.git$/, '').replace(/\/+$/, '');
  const ssh = /^git@([^:]+):(.+)$/.exec(base);
  if (ssh) base = `https://${ssh[1]}/${ssh[2]}`;
  if (!/^https?:\/\//.test(base)) return null;
  return `${base}/commit/${commit}`;
}
