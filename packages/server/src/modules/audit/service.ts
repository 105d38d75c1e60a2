// The audit log's write side: one line per thing done, with who, from where and what changed.
// Writing a line never fails the action it records: a database error is logged and dropped.
// Routes record through request.audit() (request.ts), which fills in the actor and origin;
// the `tarmac` command and jobs call record() with via 'cli' or 'system'.
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import type { JobLog } from '../../jobs/deps.ts';
import { isSecretParam } from '../../logger.ts';
import type { AuditAction, AuditOutcome, AuditVia } from './actions.ts';
import type { AuditRepository } from './repository.ts';

export interface AuditActor {
  id: number | null;
  /** The username (or, for a failed sign-in, the login tried). */
  name: string | null;
  via: AuditVia;
}

export interface AuditOrigin {
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

export interface AuditTarget {
  type: string;
  id: string | number;
  name?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  /** success when omitted. */
  outcome?: AuditOutcome;
  actor: AuditActor;
  target?: AuditTarget;
  /** What changed: plain values, old and new. Keys that name a secret are masked. */
  details?: Record<string, unknown>;
  origin?: AuditOrigin;
  /** The transaction the action runs in, so the line commits (or not) with it. */
  executor?: Executor;
}

const MASK = '[REDACTED]';
const MAX_TEXT = { name: 255, userAgent: 512, id: 64 } as const;

/** A copy of `value` with every key that names a secret masked, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecretParam(key) ? MASK : maskSecrets(inner)]));
}

function clip(text: string | null | undefined, max: number): string | null {
  if (text === undefined || text === null) return null;
  return text.length > max ? text.slice(0, max) : text;
}

interface Deps {
  auditRepository: AuditRepository;
  clock: Clock;
  log: JobLog;
}

export function createAuditLog({ auditRepository, clock, log }: Deps) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      const { actor, target, origin = {} } = entry;
      try {
        await auditRepository.insert(
          {
            occurred_at: clock.now(),
            action: entry.action,
            outcome: entry.outcome ?? 'success',
            actor_id: actor.id,
            actor_name: clip(actor.name, MAX_TEXT.name),
            actor_via: actor.via,
            target_type: target?.type ?? null,
            target_id: target === undefined ? null : clip(String(target.id), MAX_TEXT.id),
            target_name: clip(target?.name, MAX_TEXT.name),
            ip: clip(origin.ip, MAX_TEXT.id),
            user_agent: clip(origin.userAgent, MAX_TEXT.userAgent),
            request_id: clip(origin.requestId, MAX_TEXT.id),
            details: JSON.stringify(maskSecrets(entry.details ?? {})),
          },
          entry.executor,
        );
      } catch (error) {
        log.error({ err: error, action: entry.action }, 'Audit log: a line could not be written');
      }
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
