// Administrators: user accounts (/api/users) and instance settings (/api/settings).
import { useQuery } from '@tanstack/react-query';
import { request, requestPage } from './client.ts';
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
    queryFn: () => requestPage<User>('/users', { page: filter.page, perPage: USERS_PER_PAGE, query: { q: filter.q.trim(), role: filter.role } }),
    placeholderData: (previous) => previous,
  });
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role: UserRole;
}

export function createUser(user: NewUser): Promise<User> {
  return request<User>('/users', { method: 'POST', json: user });
}

export function updateUser(id: number, changes: Partial<Pick<User, 'role' | 'username' | 'email'>>): Promise<User> {
  return request<User>(`/users/${id}`, { method: 'PUT', json: changes });
}

/** POST, not Zealot's GET: the same lock, without a state-changing GET. */
export function lockUser(id: number): Promise<User> {
  return request<User>(`/users/${id}/lock`, { method: 'POST' });
}

export function unlockUser(id: number): Promise<User> {
  return request<User>(`/users/${id}/unlock`, { method: 'DELETE' });
}

export function deleteUser(id: number): Promise<void> {
  return request<void>(`/users/${id}`, { method: 'DELETE' });
}

export interface Settings {
  registration_enabled: boolean;
}

export const SETTINGS_KEY = ['admin', 'settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => request<Settings>('/settings') });
}

export function updateSettings(changes: Partial<Settings>): Promise<Settings> {
  return request<Settings>('/settings', { method: 'PUT', json: changes });
}
