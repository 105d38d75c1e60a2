// Administrators: the audit log (/api/admin/audit-events): filtered pages, and the export's URL
// (a plain GET with the session cookie, so a link downloads it).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answer, answerPage, api } from './client.ts';
import type { JsonAnswer, QueryOf } from './client.ts';

export type AuditEvent = JsonAnswer<'/api/admin/audit-events', 'get'>[number];
export type AuditAction = AuditEvent['action'];
export type AuditOutcome = AuditEvent['outcome'];

export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ['success', 'failure'];
export const AUDIT_PER_PAGE = 25;
const EXPORT_PATH = '/api/admin/audit-events/export';

export interface AuditFilter {
  action: AuditAction | '';
  actor: string;
  outcome: AuditOutcome | '';
  from: string;
  to: string;
  q: string;
}

function queryOf(filter: AuditFilter): QueryOf<'/api/admin/audit-events', 'get'> {
  return {
    action: filter.action ? [filter.action] : undefined,
    actor: filter.actor.trim() || undefined,
    outcome: filter.outcome || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    q: filter.q || undefined,
  };
}

export function useAuditActions() {
  return useQuery({ queryKey: ['admin', 'audit', 'actions'], queryFn: () => answer(api.GET('/api/admin/audit-events/actions')), staleTime: Infinity });
}

export function useAuditEvents(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', 'events', filter, page],
    queryFn: () => {
      // No per_page: the site's per_page setting decides (answerPage reads X-Per-Page).
      const query = { ...queryOf(filter), page };
      return answerPage(api.GET('/api/admin/audit-events', { params: { query } }), page, AUDIT_PER_PAGE);
    },
    placeholderData: keepPreviousData,
  });
}

/** The documented export URL with the screen's filters. */
export function auditExportUrl(filter: AuditFilter, format: 'csv' | 'json'): string {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(queryOf(filter))) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (typeof value === 'string') params.set(key, value);
  }
  return `${EXPORT_PATH}?${params.toString()}`;
}
