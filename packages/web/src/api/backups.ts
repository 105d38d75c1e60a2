// Administrators: backup plans (/api/admin/backups/plans), their runs with progress, a run's
// archive (downloaded by a link, deleted), cancelling a run, the schedule preview, and restores
// (of a run's archive or an uploaded one: checked, applied, listed, forgotten).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api, uploadForm } from './client.ts';
import type { JsonAnswer, JsonBody, UploadHandle, UploadProgress } from './client.ts';

export type BackupPlan = JsonAnswer<'/api/admin/backups/plans/{id}', 'get'>;
export type BackupPlanBody = JsonBody<'/api/admin/backups/plans', 'post'>;
export type BackupRun = JsonAnswer<'/api/admin/backups/runs/{id}', 'get'>;
export type BackupRunPage = JsonAnswer<'/api/admin/backups/runs', 'get'>;

export const backupsKey = ['admin', 'backups'] as const;

/** Whether a run may still change (the screen polls while one does). */
export const isActive = (run: BackupRun) => run.state === 'queued' || run.state === 'running';

export function useBackupPlans() {
  return useQuery({ queryKey: [...backupsKey, 'plans'], queryFn: () => answer(api.GET('/api/admin/backups/plans')) });
}

/** A page of runs, newest first, of the site's page size (per_page); refreshed every second while one of them is queued or running. */
export function useBackupRuns(page: number) {
  return useQuery({
    queryKey: [...backupsKey, 'runs', page],
    queryFn: () => answer(api.GET('/api/admin/backups/runs', { params: { query: { page } } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isActive) ? 1000 : false),
  });
}

/** The next runs of a schedule, or the parser's refusal (the query's error). */
export function useBackupSchedulePreview(spec: string) {
  return useQuery({
    queryKey: [...backupsKey, 'preview', spec],
    queryFn: () => answer(api.GET('/api/admin/backups/schedule-preview', { params: { query: { spec } } })),
    enabled: spec.trim() !== '',
    retry: false,
  });
}

export function createBackupPlan(body: BackupPlanBody): Promise<BackupPlan> {
  return answer(api.POST('/api/admin/backups/plans', { body }));
}

export function updateBackupPlan(id: number, body: Partial<BackupPlanBody>): Promise<BackupPlan> {
  return answer(api.PATCH('/api/admin/backups/plans/{id}', { params: { path: { id } }, body }));
}

export function deleteBackupPlan(id: number): Promise<unknown> {
  return answer(api.DELETE('/api/admin/backups/plans/{id}', { params: { path: { id } } }));
}

export function runBackupPlan(id: number): Promise<{ run_id: number }> {
  return answer(api.POST('/api/admin/backups/plans/{id}/run', { params: { path: { id } } }));
}

export function cancelBackupRun(id: number): Promise<BackupRun> {
  return answer(api.POST('/api/admin/backups/runs/{id}/cancel', { params: { path: { id } } }));
}

export function deleteBackupArchive(id: number): Promise<unknown> {
  return answer(api.DELETE('/api/admin/backups/runs/{id}/archive', { params: { path: { id } } }));
}

/** The archive's download link (the browser sends the session cookie; the server audits it). */
export function backupArchiveUrl(id: number): string {
  return `/api/admin/backups/runs/${id}/archive`;
}

export type Restore = JsonAnswer<'/api/admin/restores/{id}', 'get'>;

/** Starts checking a run's archive for a restore (the dry-run report comes with the restore). */
export function createRestore(runId: number): Promise<Restore> {
  return answer(api.POST('/api/admin/restores', { body: { run_id: runId } }));
}

/** A restore, polled every second while it is checking or restoring. */
export function useRestore(id: number | null) {
  return useQuery({
    queryKey: [...backupsKey, 'restore', id],
    queryFn: () => answer(api.GET('/api/admin/restores/{id}', { params: { path: { id: id! } } })),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data && ['checking', 'restoring'].includes(query.state.data.state) ? 1000 : false),
  });
}

export function applyRestore(id: number, confirm: string): Promise<Restore> {
  return answer(api.POST('/api/admin/restores/{id}/apply', { params: { path: { id } }, body: { confirm } }));
}

/** A page of restores, newest first, of the site's page size; refreshed every second while one is checking or restoring. */
export function useRestores(page: number) {
  return useQuery({
    queryKey: [...backupsKey, 'restores', page],
    queryFn: () => answer(api.GET('/api/admin/restores', { params: { query: { page } } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((restore) => ['checking', 'restoring'].includes(restore.state)) ? 1000 : false),
  });
}

/** Uploads an archive to restore (XMLHttpRequest, for its progress); the server then checks it. */
export function uploadRestore(file: File, onProgress: (progress: UploadProgress) => void, offlineMessage: string): UploadHandle<Restore> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm('/api/admin/restores/upload', form, onProgress, offlineMessage);
}

/** Forgets a restore that is not running (and its uploaded copy). */
export function deleteRestore(id: number): Promise<unknown> {
  return answer(api.DELETE('/api/admin/restores/{id}', { params: { path: { id } } }));
}
