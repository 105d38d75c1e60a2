// GET /api/dashboard: counts and recent uploads the caller can see.
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { JsonAnswer, Schemas } from './client.ts';

export type RecentRelease = Schemas['RecentRelease'];
export type Dashboard = JsonAnswer<'/api/dashboard', 'get'>;

export const DASHBOARD_KEY = ['dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: () => answer(api.GET('/api/dashboard')) });
}
