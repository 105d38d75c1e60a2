// Administrators: user accounts (/api/users) and instance settings (/api/settings).
import { useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, JsonBody, Schemas } from './client.ts';
import type { User, UserRole } from './types.ts';

export const USERS_PER_PAGE = 20;

export interface UserFilter {
  q: string;
  role: UserRole | '';
  page: number;
}

export const usersKey = (filter?: UserFilter) => (filter ? (['admin', 'users', filter] as const) : (['admin', 'users'] as const));

export function useUsers(filter: UserFilter) {
  return useQuery({
    queryKey: usersKey(filter),
    queryFn: () => {
      // No per_page: the site's per_page setting decides; answerPage reads the size used (X-Per-Page).
      const query = { q: filter.q.trim(), role: filter.role || undefined, page: filter.page };
      return answerPage(api.GET('/api/users', { params: { query } }), filter.page, USERS_PER_PAGE);
    },
    placeholderData: (previous) => previous,
  });
}

export type NewUser = JsonBody<'/api/users', 'post'>;

export function createUser(user: NewUser): Promise<User> {
  return answer(api.POST('/api/users', { body: user }));
}

export function updateUser(id: number, changes: JsonBody<'/api/users/{id}', 'put'>): Promise<User> {
  return answer(api.PUT('/api/users/{id}', { params: { path: { id } }, body: changes }));
}

/** POST, not Zealot's GET: the same lock, without a state-changing GET. */
export function lockUser(id: number): Promise<User> {
  return answer(api.POST('/api/users/{id}/lock', { params: { path: { id } } }));
}

export function unlockUser(id: number): Promise<User> {
  return answer(api.DELETE('/api/users/{id}/unlock', { params: { path: { id } } }));
}

export function deleteUser(id: number): Promise<Schemas['MessageResponse']> {
  return answer(api.DELETE('/api/users/{id}', { params: { path: { id } } }));
}

export type Settings = JsonAnswer<'/api/settings', 'get'>;

export const SETTINGS_KEY = ['admin', 'settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => answer(api.GET('/api/settings')) });
}

export function updateSettings(changes: JsonBody<'/api/settings', 'put'>): Promise<Settings> {
  return answer(api.PUT('/api/settings', { body: changes }));
}
