// Administrators: the system information (/api/admin/system) and the database view
// (/api/admin/database, /api/admin/database/statements).
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { Schemas } from './client.ts';

export type SystemInfo = Schemas['SystemInfo'];
export type DatabaseView = Schemas['DatabaseView'];
export type DatabaseStatements = Schemas['DatabaseStatements'];
export type Verdict = SystemInfo['sanity'][number]['status'];

export const systemKey = ['admin', 'system'] as const;

export function useSystemInfo() {
  return useQuery({ queryKey: [...systemKey, 'info'], queryFn: () => answer(api.GET('/api/admin/system')) });
}

export function useDatabaseView() {
  return useQuery({ queryKey: [...systemKey, 'database'], queryFn: () => answer(api.GET('/api/admin/database')) });
}

export function useDatabaseStatements(sort: 'mean' | 'total', enabled: boolean) {
  return useQuery({
    queryKey: [...systemKey, 'statements', sort],
    queryFn: () => answer(api.GET('/api/admin/database/statements', { params: { query: { sort, limit: 50 } } })),
    enabled,
  });
}
