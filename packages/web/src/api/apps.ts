// Apps, their schemes, channels and team, as /api answers them (see /api/openapi.json: tags
// Apps, Schemes, Channels, Collaborators), and the queries and writes the Apps screens use.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request, requestPage } from './client.ts';

export const DEVICE_TYPES = ['ios', 'android', 'harmonyos', 'macos', 'windows', 'linux'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const COLLABORATOR_ROLES = ['member', 'developer', 'admin'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];
export type AppScope = 'active' | 'archived';

export interface Channel {
  id: number;
  slug: string;
  name: string;
  device_type: DeviceType;
  bundle_id: string;
  git_url: string | null;
  has_password: boolean;
  /** Only for the app's developers and admins. */
  key?: string;
  download_filename_type: 'version_datetime' | 'original_filename';
}

export interface Scheme {
  id: number;
  name: string;
  new_build_callout: boolean;
  retained_builds: number;
  channels: Channel[];
}

export interface App {
  id: number;
  name: string;
  archived: boolean;
  owner: { id: number; username: string } | null;
  /** The caller's role; null for a global admin who is not on the team. */
  role: CollaboratorRole | null;
  schemes: Scheme[];
}

export interface Collaborator {
  id: number;
  username: string;
  email: string;
  role: CollaboratorRole;
  owner: boolean;
}

/** What the caller may do on the app, by role (an archived app also refuses changes). */
export interface AppPermissions {
  update: boolean;
  archive: boolean;
  delete: boolean;
  manage_schemes: boolean;
  manage_channels: boolean;
  manage_collaborators: boolean;
  read_keys: boolean;
  upload: boolean;
  update_releases: boolean;
  delete_releases: boolean;
  transfer: boolean;
}

export interface AppDetail extends App {
  collaborators: Collaborator[];
  permissions: AppPermissions;
}

export interface Candidate {
  id: number;
  username: string;
  email: string;
}

export interface NewChannel {
  name: string;
  device_type: DeviceType;
  bundle_id?: string;
}

export interface SchemeFields {
  name: string;
  new_build_callout?: boolean;
  retained_builds?: number;
}

export const APPS_PER_PAGE = 24;

export const appKeys = {
  all: ['apps'] as const,
  /** Every list page (not the apps' details: a deleted app's own page must not refetch itself). */
  lists: ['apps', 'list'] as const,
  list: (scope: AppScope, q: string, page: number) => ['apps', 'list', scope, q, page] as const,
  detail: (id: number) => ['apps', 'detail', id] as const,
  candidates: (id: number, q: string) => ['apps', 'candidates', id, q] as const,
};

export function listApps(scope: AppScope, q: string, page: number, perPage = APPS_PER_PAGE) {
  return requestPage<App>('/apps', { query: { scope, q }, page, perPage });
}

export function useApps(scope: AppScope, q: string, page: number) {
  return useQuery({ queryKey: appKeys.list(scope, q, page), queryFn: () => listApps(scope, q, page), placeholderData: keepPreviousData });
}

export const getApp = (id: number) => request<AppDetail>(`/apps/${id}`);

export function useApp(id: number) {
  return useQuery({ queryKey: appKeys.detail(id), queryFn: () => getApp(id), enabled: Number.isInteger(id) && id > 0 });
}

/** The app with its first scheme and channels, in one request (one transaction on the server). */
export const createApp = (body: { name: string; schemes?: (SchemeFields & { channels?: NewChannel[] })[] }) =>
  request<AppDetail>('/apps', { method: 'POST', json: body });
export const renameApp = (id: number, name: string) => request<AppDetail>(`/apps/${id}`, { method: 'PUT', json: { name } });
export const archiveApp = (id: number) => request<AppDetail>(`/apps/${id}/archive`, { method: 'POST' });
export const unarchiveApp = (id: number) => request<AppDetail>(`/apps/${id}/archive`, { method: 'DELETE' });
export const deleteApp = (id: number) => request<{ message: 'OK' }>(`/apps/${id}`, { method: 'DELETE' });
export const transferApp = (id: number, userId: number) => request<AppDetail>(`/apps/${id}/transfer`, { method: 'POST', json: { user_id: userId } });

export const createScheme = (appId: number, fields: SchemeFields) => request<Scheme>(`/apps/${appId}/schemes`, { method: 'POST', json: fields });
export const updateScheme = (id: number, fields: Partial<SchemeFields>) => request<Scheme>(`/schemes/${id}`, { method: 'PUT', json: fields });
export const deleteScheme = (id: number) => request<{ message: 'OK' }>(`/schemes/${id}`, { method: 'DELETE' });

export const createChannel = (schemeId: number, fields: NewChannel) => request<Channel>(`/schemes/${schemeId}/channels`, { method: 'POST', json: fields });
export const updateChannel = (id: number, fields: Partial<NewChannel>) => request<Channel>(`/channels/${id}`, { method: 'PUT', json: fields });
export const deleteChannel = (id: number) => request<{ message: 'OK' }>(`/channels/${id}`, { method: 'DELETE' });

export const addCollaborator = (appId: number, userId: number, role: CollaboratorRole) =>
  request<Collaborator>(`/apps/${appId}/collaborators`, { method: 'POST', json: { user_id: userId, role } });
export const updateCollaborator = (appId: number, userId: number, role: CollaboratorRole) =>
  request<Collaborator>(`/apps/${appId}/collaborators/${userId}`, { method: 'PUT', json: { role } });
export const removeCollaborator = (appId: number, userId: number) => request<{ message: 'OK' }>(`/apps/${appId}/collaborators/${userId}`, { method: 'DELETE' });

/** Users the app's admins may add (unlocked, not on the team), by a username's start or a whole email. */
export function useCandidates(appId: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: appKeys.candidates(appId, q),
    queryFn: () => request<Candidate[]>(`/apps/${appId}/collaborators/candidates`, { query: { q, limit: 20 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Distinct device types of an app's channels, in the canonical order. */
export function deviceTypesOf(app: App): DeviceType[] {
  const present = new Set(app.schemes.flatMap((scheme) => scheme.channels.map((channel) => channel.device_type)));
  return DEVICE_TYPES.filter((type) => present.has(type));
}
