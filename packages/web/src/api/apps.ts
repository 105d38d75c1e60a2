// Apps, their schemes, channels and team, as /api answers them (see /api/openapi.json: tags
// Apps, Schemes, Channels, Collaborators), and the queries and writes the Apps screens use.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, JsonBody, SameValues, Schemas } from './client.ts';

export const DEVICE_TYPES = ['ios', 'android', 'harmonyos', 'macos', 'windows', 'linux'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const COLLABORATOR_ROLES = ['member', 'developer', 'admin'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];
// The lists above are the document's: a value added or removed on the server fails the typecheck.
const _deviceTypesMatch: SameValues<DeviceType, Schemas['Channel']['device_type']> = true;
const _rolesMatch: SameValues<CollaboratorRole, Schemas['Collaborator']['role']> = true;
export type AppScope = 'active' | 'archived';

export type Channel = Schemas['Channel'];
/** A channel inside an app's answer: with its build count and newest build. */
export type AppChannel = Schemas['AppChannel'];
/** A scheme inside an app's answer (GET /api/apps/{id} → schemes). */
export type Scheme = Schemas['AppScheme'];
export type App = Schemas['App'];
export type Collaborator = Schemas['Collaborator'];
/** The app with its team and what the caller may do on it (by role; an archived app also refuses changes). */
export type AppDetail = JsonAnswer<'/api/apps/{id}', 'get'>;
export type AppPermissions = AppDetail['permissions'];
export type Candidate = JsonAnswer<'/api/apps/{app_id}/collaborators/candidates', 'get'>[number];
export type NewChannel = JsonBody<'/api/schemes/{scheme_id}/channels', 'post'>;
export type SchemeFields = JsonBody<'/api/apps/{app_id}/schemes', 'post'>;

export const APPS_PER_PAGE = 24;

export const appKeys = {
  all: ['apps'] as const,
  /** Every list page (not the apps' details: a deleted app's own page must not refetch itself). */
  lists: ['apps', 'list'] as const,
  list: (scope: AppScope, q: string, page: number) => ['apps', 'list', scope, q, page] as const,
  /** The channels the dashboard's "Upload a build" may go to (a list, so every app change refreshes it). */
  uploadTargets: ['apps', 'list', 'upload-targets'] as const,
  detail: (id: number) => ['apps', 'detail', id] as const,
  candidates: (id: number, q: string) => ['apps', 'candidates', id, q] as const,
  /** The preset schemes the new-app dialog starts with (the settings screen's save refreshes them). */
  presets: ['apps', 'presets'] as const,
};

/** Without perPage the site's per_page setting decides (the grid); pickers that list every app ask for their own size. */
export function listApps(scope: AppScope, q: string, page: number, perPage?: number) {
  return answerPage(api.GET('/api/apps', { params: { query: { scope, q, page, per_page: perPage } } }), page, perPage ?? APPS_PER_PAGE);
}

export function useApps(scope: AppScope, q: string, page: number) {
  return useQuery({ queryKey: appKeys.list(scope, q, page), queryFn: () => listApps(scope, q, page), placeholderData: keepPreviousData });
}

export const getApp = (id: number) => answer(api.GET('/api/apps/{id}', { params: { path: { id } } }));

export function useApp(id: number) {
  return useQuery({ queryKey: appKeys.detail(id), queryFn: () => getApp(id), enabled: Number.isInteger(id) && id > 0 });
}

export type AppPresets = JsonAnswer<'/api/apps/presets', 'get'>;

/** The preset schemes and channels, read each time the new-app dialog opens (a settings change shows at once). */
export function useAppPresets(enabled: boolean) {
  return useQuery({ queryKey: appKeys.presets, queryFn: () => answer(api.GET('/api/apps/presets')), enabled, staleTime: 0, gcTime: 0 });
}

/** The app with its schemes and channels, in one request (one transaction on the server). */
export const createApp = (body: JsonBody<'/api/apps', 'post'>) => answer(api.POST('/api/apps', { body }));
export const renameApp = (id: number, name: string) => answer(api.PUT('/api/apps/{id}', { params: { path: { id } }, body: { name } }));
export const setAppPublic = (id: number, isPublic: boolean) =>
  answer(api.PUT('/api/apps/{id}', { params: { path: { id } }, body: { public: isPublic } }));
export const archiveApp = (id: number) => answer(api.POST('/api/apps/{id}/archive', { params: { path: { id } } }));
export const unarchiveApp = (id: number) => answer(api.DELETE('/api/apps/{id}/archive', { params: { path: { id } } }));
export const deleteApp = (id: number) => answer(api.DELETE('/api/apps/{id}', { params: { path: { id } } }));
export const transferApp = (id: number, userId: number) =>
  answer(api.POST('/api/apps/{app_id}/transfer', { params: { path: { app_id: id } }, body: { user_id: userId } }));

export const createScheme = (appId: number, fields: SchemeFields) =>
  answer(api.POST('/api/apps/{app_id}/schemes', { params: { path: { app_id: appId } }, body: fields }));
export const updateScheme = (id: number, fields: JsonBody<'/api/schemes/{id}', 'put'>) =>
  answer(api.PUT('/api/schemes/{id}', { params: { path: { id } }, body: fields }));
export const deleteScheme = (id: number) => answer(api.DELETE('/api/schemes/{id}', { params: { path: { id } } }));

export const createChannel = (schemeId: number, fields: NewChannel) =>
  answer(api.POST('/api/schemes/{scheme_id}/channels', { params: { path: { scheme_id: schemeId } }, body: fields }));
export const deleteChannel = (id: number) => answer(api.DELETE('/api/channels/{id}', { params: { path: { id } } }));

export const addCollaborator = (appId: number, userId: number, role: CollaboratorRole) =>
  answer(api.POST('/api/apps/{app_id}/collaborators', { params: { path: { app_id: appId } }, body: { user_id: userId, role } }));
export const updateCollaborator = (appId: number, userId: number, role: CollaboratorRole) =>
  answer(api.PUT('/api/apps/{app_id}/collaborators/{user_id}', { params: { path: { app_id: appId, user_id: userId } }, body: { role } }));
export const removeCollaborator = (appId: number, userId: number) =>
  answer(api.DELETE('/api/apps/{app_id}/collaborators/{user_id}', { params: { path: { app_id: appId, user_id: userId } } }));

/** Users the app's admins may add (unlocked, not on the team), by a username's start or a whole email. */
export function useCandidates(appId: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: appKeys.candidates(appId, q),
    queryFn: () =>
      answer(api.GET('/api/apps/{app_id}/collaborators/candidates', { params: { path: { app_id: appId }, query: { q, limit: 20 } } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Distinct device types of an app's channels, in the canonical order. */
export function deviceTypesOf(app: App): DeviceType[] {
  const present = new Set(app.schemes.flatMap((scheme) => scheme.channels.map((channel) => channel.device_type)));
  return DEVICE_TYPES.filter((type) => present.has(type));
}
