import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateTime, NullableString, PaginationQuery, StringEnum } from '../../http/schemas.ts';
import { JOB_STATES } from '../../jobs/types.ts';
import type { JobRecord } from '../../jobs/types.ts';
import { payloadSummary } from './fns.ts';

export const ListJobsQuery = Type.Object({
  ...PaginationQuery.properties,
  state: StringEnum(JOB_STATES, {
    default: 'queued',
    description: 'queued (due now), running, scheduled (waiting for its time), failed (out of attempts) or done.',
  }),
});

export const JobIdParams = Type.Object({
  id: Type.String({
    pattern: '^[A-Za-z0-9_-]{1,64}$',
    description: 'Job id as listed: digits, or on PostgreSQL "done-<n>" for a finished job.',
  }),
});

export const JobResponse = Type.Object(
  {
    id: Type.String({ description: 'Job id (a string: PostgreSQL ids of finished jobs are prefixed "done-").' }),
    name: Type.String({ description: 'The kind of job, e.g. event.dispatch.' }),
    state: StringEnum(JOB_STATES),
    attempts: Type.Integer({ description: 'Runs so far (reset by a retry).' }),
    max_attempts: Type.Integer({ description: 'Runs before the job ends failed.' }),
    last_error: NullableString('The error of the last failed run, or null.'),
    run_at: DateTime('When the job runs (or ran, or runs again after a failure).'),
    created_at: DateTime('When the job was queued.'),
    finished_at: Type.Union([DateTime('When the job finished.'), Type.Null()], { description: 'When the job succeeded or ended failed; null before.' }),
    payload_summary: Type.String({ description: 'What the job is about (event kind and id, delivery id …); never a secret. "" when unknown.' }),
  },
  { $id: 'Job', description: 'A background job.' },
);

export const JobCountsResponse = Type.Object(
  {
    queued: Type.Integer({ description: 'Due now, waiting for a worker.' }),
    running: Type.Integer(),
    scheduled: Type.Integer({ description: 'Waiting for their time (a delay or a retry after a failure).' }),
    failed: Type.Integer({ description: 'Out of attempts.' }),
    done: Type.Integer({ description: 'Finished and still kept.' }),
  },
  { $id: 'JobCounts', description: 'How many jobs are in each state.' },
);

export function toJobResponse(job: JobRecord): Static<typeof JobResponse> {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    last_error: job.lastError,
    run_at: job.runAt,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
    payload_summary: payloadSummary(job),
  };
}
