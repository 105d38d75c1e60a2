// The audit log's read side, for global administrators: filtered pages newest first, and every
// matching line in batches for an export.
import { can, forbidden } from '../../auth/policy.ts';
import type { Actor } from '../../auth/policy.ts';
import { fieldIssue, ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import type { AuditEventRow, AuditFilter, AuditRepository } from './repository.ts';

/** The filters as the API takes them (query parameters). */
export interface AuditQuery {
  action?: string[] | undefined;
  actor?: string | undefined;
  outcome?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export interface AuditEventView extends Omit<AuditEventRow, 'details'> {
  details: Record<string, unknown>;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;
const EXPORT_BATCH = 500;

/** An ISO date (a day, UTC) or date and time, as an instant; `endOfDay` moves a day alone to its end. */
function instant(text: string, endOfDay: boolean): string | null {
  if (!DATE_ONLY.test(text) && !DATE_TIME.test(text)) return null;
  const ms = Date.parse(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) return null;
  return new Date(endOfDay && DATE_ONLY.test(text) ? ms + DAY_MS : ms).toISOString();
}

/** The API's filters as the repository's, or a 422 naming each bad one. */
export function auditFilter(query: AuditQuery): AuditFilter {
  const errors: FieldErrors = {};
  const from = query.from === undefined ? undefined : instant(query.from, false);
  const to = query.to === undefined ? undefined : instant(query.to, true);
  if (from === null) errors['from'] = [fieldIssue('format', 'is not an ISO 8601 date or date and time', { format: 'date-time' })];
  if (to === null) errors['to'] = [fieldIssue('format', 'is not an ISO 8601 date or date and time', { format: 'date-time' })];
  if (from && to && from > to) errors['to'] = [fieldIssue('invalid', 'is before from')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const actor = query.actor?.trim();
  const byId = actor !== undefined && /^\d{1,15}$/.test(actor);
  const filter: AuditFilter = {
    actions: query.action,
    actorId: byId ? Number(actor) : undefined,
    actorName: byId || !actor ? undefined : actor,
    outcome: query.outcome,
    targetType: query.target_type,
    targetId: query.target_id,
    from: from ?? undefined,
    to: to ?? undefined,
    query: query.q,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

export function auditEventView(row: AuditEventRow): AuditEventView {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    details = {};
  }
  return { ...row, details };
}

export function createAuditReader({ auditRepository }: { auditRepository: AuditRepository }) {
  function assertCanRead(actor: Actor): void {
    if (!can(actor, 'audit:read')) throw forbidden('audit:read');
  }

  return {
    assertCanRead,

    async page(actor: Actor, query: AuditQuery, page: number, perPage: number) {
      assertCanRead(actor);
      const result = await auditRepository.page(auditFilter(query), { page, perPage });
      return { items: result.items.map(auditEventView), total: result.total, page, perPage };
    },

    /** Every matching line, oldest first, a batch at a time (the filter is checked before the first). */
    batches(actor: Actor, query: AuditQuery): AsyncGenerator<AuditEventView[]> {
      assertCanRead(actor);
      const filter = auditFilter(query);
      return (async function* () {
        let after = 0;
        for (;;) {
          const rows = await auditRepository.batch(filter, after, EXPORT_BATCH);
          if (rows.length === 0) return;
          yield rows.map(auditEventView);
          after = rows[rows.length - 1]!.id;
          if (rows.length < EXPORT_BATCH) return;
        }
      })();
    },
  };
}

export type AuditReader = ReturnType<typeof createAuditReader>;
