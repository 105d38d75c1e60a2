// Maintenance mode while a restore replaces the data: every /api request but the health checks,
// the session read and the restore's own progress is answered 503 `maintenance` (Retry-After: 10).
// The source of truth is a `restores` row in state `restoring` with a recent heartbeat (a process
// that died mid-restore does not hold every instance in maintenance), read at most once a second and
// never waited for (on SQLite the restore's long transaction holds the only connection); the
// process that runs the restore also sets a flag at once.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

const EXEMPT = [/^\/api\/health(\/|\.json|$)/, /^\/api\/admin\/restores\/\d+$/, /^\/api\/session$/, /^\/api\/version$/];

/** How long a restore may go without a heartbeat (restores.ts beats every 20 s) before it is taken for dead. */
export const STALE_MS = 2 * 60 * 1000;

let restoringHere = 0;
let seenRestoring = false;
let checkedAt = 0;
let checking = false;
/** Bumped when this process ends a restore: a read that began before it is stale. */
let generation = 0;

/** Marks this process as restoring until the returned function is called. */
export function enterMaintenance(): () => void {
  restoringHere += 1;
  return () => {
    restoringHere -= 1;
    generation += 1;
    seenRestoring = false;
    checkedAt = 0;
  };
}

function refresh(db: Kysely<Database>): void {
  if (checking || Date.now() - checkedAt < 1000) return;
  checking = true;
  const started = generation;
  // A restore whose heartbeat is older than STALE_MS died with its process: it holds nothing.
  const alive = new Date(Date.now() - STALE_MS).toISOString();
  void db.selectFrom('restores').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', '=', 'restoring').where('heartbeat_at', '>', alive).executeTakeFirst()
    .then((row) => {
      if (started === generation) seenRestoring = Number(row?.n ?? 0) > 0;
    })
    .catch(() => {})
    .finally(() => {
      checking = false;
      checkedAt = Date.now();
    });
}

/** The onRequest hook: 503 while a restore runs (here, or on another instance as last seen). */
export function maintenanceHook(db: Kysely<Database>) {
  return async function refuseDuringRestore(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const url = request.url.split('?')[0]!;
    if (!url.startsWith('/api/')) return undefined;
    refresh(db);
    if (restoringHere === 0 && !seenRestoring) return undefined;
    if (request.method === 'GET' && EXEMPT.some((pattern) => pattern.test(url))) return undefined;
    return reply.code(503).header('retry-after', '10').send({
      error: 'A restore is replacing the data: try again in a moment',
      code: 'maintenance',
    });
  };
}
