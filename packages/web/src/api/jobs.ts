// Administrators: the background jobs (/api/admin/jobs), by state, with retry and discard.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, Schemas } from './client.ts';

export type Job = Schemas['Job'];
export type JobState = Job['state'];
export type JobCounts = JsonAnswer<'/api/admin/jobs/counts', 'get'>;

export const JOB_STATES: readonly JobState[] = ['queued', 'running', 'scheduled', 'failed', 'done'];
export const JOBS_PER_PAGE = 25;
/** How often the screen asks again while it is visible (TanStack pauses in a hidden tab). */
export const JOBS_REFRESH_MS = 5000;

export const jobsKey = ['admin', 'jobs'] as const;

export function useJobs(state: JobState, page: number) {
  return useQuery({
    queryKey: [...jobsKey, 'list', state, page],
    queryFn: () => answerPage(api.GET('/api/admin/jobs', { params: { query: { state, page } } }), page, JOBS_PER_PAGE),
    placeholderData: keepPreviousData,
    refetchInterval: JOBS_REFRESH_MS,
  });
}

export function useJobCounts() {
  return useQuery({
    queryKey: [...jobsKey, 'counts'],
    queryFn: () => answer(api.GET('/api/admin/jobs/counts')),
    refetchInterval: JOBS_REFRESH_MS,
  });
}

export function retryJob(id: string): Promise<Schemas['MessageResponse']> {
  return answer(api.POST('/api/admin/jobs/{id}/retry', { params: { path: { id } } }));
}

export function discardJob(id: string): Promise<Schemas['MessageResponse']> {
  return answer(api.DELETE('/api/admin/jobs/{id}', { params: { path: { id } } }));
}
