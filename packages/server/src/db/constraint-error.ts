// A unique or foreign-key constraint the database enforced although the code checked first: another
// request (or instance) wrote the same value between the check and the write. PostgreSQL answers
// integrity errors (SQLSTATE class 23), SQLite SQLITE_CONSTRAINT_*.
export function isConstraintError(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && (/^23\d{3}$/.test(code) || code.startsWith('SQLITE_CONSTRAINT'));
}
