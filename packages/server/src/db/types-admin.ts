// The tables of running an instance: the audit log.
import type { Generated } from 'kysely';
import type { Flag, Timestamp } from './column-types.ts';

export interface AuditEventsTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  /** What happened (modules/audit/actions.ts), e.g. `token.create`. */
  action: string;
  /** success, or failure (a refused sign-in). */
  outcome: string;
  /** The account that acted; null for an anonymous caller or the system, and once the account is deleted. */
  actor_id: number | null;
  /** The actor's username when it acted (the email tried, for a failed sign-in). */
  actor_name: string | null;
  /** How the actor came: session, token, cli, system or anonymous. */
  actor_via: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  /** JSON object text: what changed (old and new values, never a secret). */
  details: string;
}

/** A recurring job (jobs/scheduled-jobs.ts): an administrator's change to its schedule, and its last run. */
export interface ScheduledJobsTable {
  name: string;
  /** The schedule (jobs/schedule.ts); null: the default in code. */
  spec: string | null;
  enabled: Flag;
  updated_at: Timestamp | null;
  /** The administrator's username. */
  updated_by: string | null;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  /** running, done or failed. */
  last_state: string | null;
  last_error: string | null;
  /** JSON object text: what the run reported (counts …), or null. */
  last_result: string | null;
}
