// GET /api/dashboard: counts and recent uploads the caller can see.
import { useQuery } from '@tanstack/react-query';
import { request } from './client.ts';

export interface RecentRelease {
  id: number;
  version: number;
  release_version: string | null;
  build_version: string | null;
  name: string | null;
  platform: string;
  size: number;
  icon_url: string | null;
  created_at: string;
  app_id: number;
  app_name: string;
  app_archived: boolean;
  scheme_id: number;
  scheme_name: string;
  channel_id: number;
  channel_name: string;
  uploader: string | null;
}

export interface Dashboard {
  apps: number;
  releases: number;
  storage_bytes: number;
  /** Administrators only. */
  users?: number;
  /** Debug files (dSYM, Proguard) in the same apps. */
  debug_files?: number;
  recent_releases: RecentRelease[];
}

export const DASHBOARD_KEY = ['dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: () => request<Dashboard>('/dashboard') });
}
