// The loop every row step shares: read a Zealot table in key order, skip the rows an earlier run
// handled (reported 'already'), let the step decide and write the others (each in its own
// transaction with its map entry), count and report each, print progress, and stop between rows
// when the operator interrupts.
import { isConstraintError } from '../../../db/constraint-error.ts';
import { ImportInterrupted } from '../context.ts';
import type { Executor, ImportContext } from '../context.ts';
import { keptId } from '../ids.ts';
import { joinId } from '../map.ts';
import type { MapOutcome } from '../map.ts';
import type { ZealotRow } from '../source/types.ts';

export interface RowResult {
  outcome: MapOutcome;
  /** Why, for the report (a conflict and how it was resolved, a refusal). */
  reason?: string | undefined;
}

/** The row's id in the import map: its id, or a join row's two ids in key order ("a:b"). */
export function rowKey(row: ZealotRow, keyColumns: readonly string[]): string | null {
  const ids: number[] = [];
  for (const column of keyColumns) {
    const id = row[column];
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
    ids.push(id);
  }
  return ids.length === 2 ? joinId(ids[0]!, ids[1]!) : ids.length === 1 ? String(ids[0]) : null;
}

// A Tarmac in use may take the same email, username, slug or key between a step's check and its write.
export { isConstraintError } from '../../../db/constraint-error.ts';

/** The row's outcome; a write another writer beat is refused for this run (no map entry: the next run retries it). */
async function handleOnce(row: ZealotRow, id: string, handle: (row: ZealotRow, id: string) => Promise<RowResult>): Promise<RowResult> {
  try {
    return await handle(row, id);
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    return { outcome: 'refused', reason: 'Tarmac changed while it was written (another user or channel took the same value): run the import again to retry it' };
  }
}

/**
 * Runs `handle` for each row not yet in the import map. `handle` decides (slow work such as
 * hashing goes before its transaction) and writes through `ctx.transaction`, setting the map
 * entry itself (see `record`).
 */
export async function eachRow(
  ctx: ImportContext,
  table: string,
  handle: (row: ZealotRow, id: string) => Promise<RowResult>,
): Promise<void> {
  const keyColumns = await ctx.source.keyColumns(table);
  const total = ctx.report.counts(table).total;
  let seen = 0;
  for await (const row of ctx.source.rows(table)) {
    if (ctx.signal?.aborted) throw new ImportInterrupted();
    seen += 1;
    const id = rowKey(row, keyColumns);
    if (id === null) {
      ctx.report.row(table, `#${seen}`, 'refused', 'its id is not a whole number');
    } else if (await ctx.map.get(table, id)) {
      ctx.report.row(table, id, 'already');
    } else {
      const result = await handleOnce(row, id, handle);
      ctx.report.row(table, id, result.outcome, result.reason);
    }
    ctx.progress(`${table} ${seen}/${total}`);
  }
}

/** Writes the map entry for a row in `trx` (the transaction that wrote its Tarmac rows). */
export async function record(
  ctx: ImportContext,
  trx: Executor,
  table: string,
  id: string,
  targetId: number | null,
  result: RowResult,
): Promise<RowResult> {
  await ctx.map.set(table, id, { targetId, outcome: result.outcome, detail: result.reason ?? null }, trx);
  return result;
}

/** A row that is not imported: its map entry alone, in a transaction of its own. */
export function settle(ctx: ImportContext, table: string, id: string, result: RowResult): Promise<RowResult> {
  return ctx.transaction((trx) => record(ctx, trx, table, id, null, result));
}

/**
 * Refuses a row whose parent was not imported: recorded (final) when the parent's own refusal is, or
 * no parent is named; only reported when the parent has no entry yet (its write failed this run:
 * the next run brings it, then this row).
 */
export async function orphan(
  ctx: ImportContext,
  table: string,
  id: string,
  parent: string,
  parentTable: string,
  parentId: number | null,
): Promise<RowResult> {
  const result = parentRefused(parent, parentId);
  if (parentId !== null && (await ctx.map.get(parentTable, parentId)) === null) return result;
  return settle(ctx, table, id, result);
}

/** Refused because the row it belongs to was not imported. */
export function parentRefused(parent: string, id: number | null): RowResult {
  return { outcome: 'refused', reason: `parent refused: ${parent} ${id ?? '(none)'} was not imported` };
}

/** Joins report notes into one reason (undefined when there is none). */
export function notes(...items: (string | undefined | null | false)[]): string | undefined {
  const kept = items.filter((item): item is string => typeof item === 'string' && item !== '');
  return kept.length > 0 ? kept.join('; ') : undefined;
}

type IdTable = Parameters<typeof keptId>[2];

/** The highest id a Zealot table holds (read once per step): remapped rows are given ids above it. */
export async function zealotMaxId(ctx: ImportContext, table: string): Promise<number> {
  let max = 0;
  for await (const row of ctx.source.rows(table)) {
    const { id } = row;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > max) max = id;
  }
  return max;
}

/**
 * The id to insert a Zealot row with: its own where Tarmac has no row with it (keptId); else one
 * above both Tarmac's highest id and Zealot's, so a remapped row never takes the id a later Zealot
 * row of the same table could keep (which would shift every id after it).
 */
export async function insertId(
  ctx: ImportContext,
  trx: Executor,
  table: IdTable,
  zealotId: number,
  zealotMax: number,
): Promise<number | undefined> {
  const kept = await keptId(trx, ctx.engine, table, zealotId);
  if (kept !== undefined) return kept;
  const top = await trx.selectFrom(table as 'users').select((eb) => eb.fn.max<number | null>('id').as('id')).executeTakeFirst();
  return keptId(trx, ctx.engine, table, Math.max(Number(top?.id ?? 0), zealotMax) + 1);
}
