// Row ids are 32-bit integers (PostgreSQL's `integer`, the same bound on SQLite's rows): a larger
// number names no row, and must never reach a query, which PostgreSQL would refuse with an error.
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` can be a row's id: a whole number from 1 to MAX_ROW_ID. */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}
