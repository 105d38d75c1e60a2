// Administrators: this server process's recent log lines (/api/admin/logs), newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { Schemas } from './client.ts';

export type LogLine = Schemas['LogLine'];
export type LogLevel = LogLine['level'];
export const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
/** How often the screen asks again while auto-refresh is on. */
export const LOGS_REFRESH_MS = 2000;

export interface LogFilter {
  level: LogLevel;
  requestId: string;
  q: string;
}

export function useLogLines(filter: LogFilter, refresh: boolean) {
  return useQuery({
    queryKey: ['admin', 'logs', filter],
    queryFn: () =>
      answer(
        api.GET('/api/admin/logs', {
          params: { query: { level: filter.level, request_id: filter.requestId || undefined, q: filter.q || undefined, limit: 200 } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? LOGS_REFRESH_MS : false,
  });
}
