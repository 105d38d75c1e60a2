// SQL for the audit log: append a line, read lines newest first with filters, drop old ones.
import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { AuditEventsTable, Database } from '../../db/types.ts';
import type { Executor } from '../../db/executor.ts';
import { escapeLike } from '../../db/executor.ts';

export type AuditEventRow = Selectable<AuditEventsTable>;
export type NewAuditEvent = Omit<AuditEventRow, 'id'>;

export interface AuditFilter {
  /** Exact action names (any of them). */
  actions?: readonly string[];
  actorId?: number;
  /** The actor's name, any case (a failed sign-in's login tried too). */
  actorName?: string;
  outcome?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive, ISO 8601. */
  from?: string;
  /** Exclusive, ISO 8601. */
  to?: string;
  /** Words found in the actor's or target's name, the IP or the details (case-insensitive). */
  query?: string;
}

export interface AuditPageRequest {
  /** 1-based. */
  page: number;
  perPage: number;
}

export function createAuditRepository(db: Kysely<Database>) {
  function filtered(filter: AuditFilter, executor: Executor = db) {
    let query = executor.selectFrom('audit_events');
    if (filter.actions && filter.actions.length > 0) query = query.where('action', 'in', [...filter.actions]);
    if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
    if (filter.actorName !== undefined) query = query.where(sql`lower(actor_name)`, '=', filter.actorName.toLowerCase());
    if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
    if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
    if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
    if (filter.from !== undefined) query = query.where('occurred_at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('occurred_at', '<', filter.to);
    for (const word of (filter.query ?? '').toLowerCase().split(/\s+/).filter((part) => part !== '')) {
      const pattern = `%${escapeLike(word)}%`;
      query = query.where((eb) =>
        eb.or(
          (['actor_name', 'target_name', 'ip', 'details', 'action'] as const).map((column) =>
            eb(sql`lower(${sql.ref(column)})`, 'like', sql<string>`${pattern} escape '\\'`),
          ),
        ),
      );
    }
    return query;
  }

  return {
    async insert(event: NewAuditEvent, executor: Executor = db): Promise<void> {
      await executor.insertInto('audit_events').values(event).execute();
    },

    async page(filter: AuditFilter, { page, perPage }: AuditPageRequest): Promise<{ items: AuditEventRow[]; total: number }> {
      const [items, count] = await Promise.all([
        filtered(filter).selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
        filtered(filter).select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },

    /** Lines after `afterId` in id order, for streaming an export in batches. */
    async batch(filter: AuditFilter, afterId: number, limit: number): Promise<AuditEventRow[]> {
      return filtered(filter).selectAll().where('id', '>', afterId).orderBy('id', 'asc').limit(limit).execute();
    },

    /** Deletes the lines older than `before`; answers how many. */
    async deleteBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('audit_events').where('occurred_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
