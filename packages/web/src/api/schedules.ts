// Administrators: the recurring jobs (/api/admin/schedules): their schedule, next and last run,
// a change of schedule, on/off, a preview of a spec, Run now.
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { JsonBody, Schemas } from './client.ts';

export type Schedule = Schemas['Schedule'];
export type ScheduleChange = JsonBody<'/api/admin/schedules/{name}', 'put'>;

export const schedulesKey = ['admin', 'schedules'] as const;

export function useSchedules() {
  return useQuery({ queryKey: schedulesKey, queryFn: () => answer(api.GET('/api/admin/schedules')), refetchInterval: 5000 });
}

/** The next three runs of a spec, or valid false when the parser refuses it. */
export function useSchedulePreview(spec: string) {
  return useQuery({
    queryKey: [...schedulesKey, 'preview', spec],
    queryFn: () => answer(api.GET('/api/admin/schedules/preview', { params: { query: { spec } } })),
    enabled: spec.trim() !== '',
    retry: false,
  });
}

export function updateSchedule(name: string, change: ScheduleChange): Promise<Schedule> {
  return answer(api.PUT('/api/admin/schedules/{name}', { params: { path: { name } }, body: change }));
}

export function runScheduleNow(name: string): Promise<{ job_id: string }> {
  return answer(api.POST('/api/admin/schedules/{name}/run', { params: { path: { name } } }));
}
