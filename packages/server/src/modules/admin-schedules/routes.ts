// /api/admin/schedules: the recurring jobs, for global administrators (the Schedules tab of the
// admin screen /admin/jobs): list them, change a schedule or turn it off, preview a spec, run now.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { authErrors, DateTime, NullableString } from '../../http/schemas.ts';
import type { AdminSchedulesService, ScheduleView } from './service.ts';

const tags = ['Jobs'];
const NameParams = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9._-]{0,63}$', description: 'The job kind, e.g. jobs.prune.' }),
});
const SPEC_HELP = '"every N s|m|h" (slots aligned on the epoch) or a five-field cron line in UTC.';
const Nullable = <T extends ReturnType<typeof DateTime>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

const LastRun = Type.Object(
  {
    state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Null()]),
    started_at: DateTime('When the last run started.'),
    finished_at: Nullable(DateTime('When it finished.'), 'When it finished; null while it runs.'),
    error: NullableString('Why it failed, or null.'),
    result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description: 'What the run reported (counts …), or null.' }),
  },
  { description: 'The last run (scheduled or run now).' },
);

const ScheduleResponse = Type.Object(
  {
    name: Type.String({ description: 'The job kind.' }),
    default_spec: Type.String({ description: 'The schedule in code.' }),
    spec: Type.String({ description: `The schedule in effect: ${SPEC_HELP}` }),
    custom: Type.Boolean({ description: 'Whether an administrator changed the schedule.' }),
    enabled: Type.Boolean({ description: 'Whether it runs on its schedule.' }),
    next_run_at: Nullable(DateTime('The next slot.'), 'The next time it runs; null when turned off.'),
    updated_at: Nullable(DateTime('The last change.'), 'When an administrator last changed it; null when never.'),
    updated_by: NullableString('Who last changed it.'),
    last_run: Type.Union([LastRun, Type.Null()], { description: 'Its last run; null when it has not run since this was recorded.' }),
  },
  { $id: 'Schedule', description: 'A recurring background job.' },
);

const UpdateScheduleBody = Type.Object(
  {
    spec: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()], { description: `${SPEC_HELP} null: back to the default.` })),
    enabled: Type.Optional(Type.Boolean({ description: 'false: it does not run on its schedule (Run now still works).' })),
  },
  { additionalProperties: false },
);

const SchedulePreview = Type.Object(
  {
    valid: Type.Boolean({ description: 'Whether the parser takes the spec.' }),
    next_runs: Type.Array(Type.String({ format: 'date-time' }), { description: 'The next three runs (fewer when it fires rarely).' }),
    error: NullableString("The parser's message when it refuses the spec."),
  },
  { $id: 'SchedulePreview', description: 'The next runs of a schedule.' },
);

const PreviewQuery = Type.Object({ spec: Type.String({ minLength: 1, maxLength: 128, description: SPEC_HELP }) });

export function toScheduleResponse(view: ScheduleView): Static<typeof ScheduleResponse> {
  const last = view.lastRun;
  return {
    name: view.name,
    default_spec: view.defaultSpec,
    spec: view.spec,
    custom: view.custom,
    enabled: view.enabled,
    next_run_at: view.nextRunAt,
    updated_at: view.updatedAt,
    updated_by: view.updatedBy,
    last_run: last?.lastStartedAt
      ? {
        state: last.lastState, started_at: last.lastStartedAt, finished_at: last.lastFinishedAt,
        error: last.lastError, result: last.lastResult,
      }
      : null,
  };
}

type Options = { adminSchedulesService: AdminSchedulesService };

export const adminSchedulesRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { adminSchedulesService: service }) => {
  // A non-administrator gets 403 whatever they send, before the input is validated.
  const requireAdmin = async (request: FastifyRequest) => service.assertCanManage(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };
  const notFound = { 404: Type.Ref('ErrorResponse', { description: 'No scheduled job has this name.' }) };
  const invalid = { 422: Type.Ref('ValidationErrorResponse') };

  app.get(
    '/admin/schedules',
    {
      ...adminOnly,
      schema: {
        operationId: 'listSchedules', tags, summary: 'Recurring jobs',
        description: 'Administrators only. Every job that runs on a schedule, its schedule, next run and last run.',
        response: { 200: Type.Array(ScheduleResponse, { description: 'Every recurring job, in the order of JOB_KINDS.' }), ...authErrors() },
      },
    },
    async (request) => (await service.list(actorOf(request))).map(toScheduleResponse),
  );

  app.get(
    '/admin/schedules/preview',
    {
      ...adminOnly,
      schema: {
        operationId: 'previewSchedule', tags, summary: 'The next runs of a schedule',
        description: "Administrators only. The next three times a spec fires, or valid false with the parser's message (a preview, not an error).",
        querystring: PreviewQuery,
        response: { 200: SchedulePreview, ...authErrors(), ...invalid },
      },
    },
    async (request) => {
      const { valid, nextRuns, error } = service.preview(actorOf(request), request.query.spec);
      return { valid, next_runs: nextRuns, error };
    },
  );

  app.put(
    '/admin/schedules/:name',
    {
      ...adminOnly,
      schema: {
        operationId: 'updateSchedule', tags, summary: 'Change a recurring job',
        description: 'Administrators only. Its schedule (null: the default) and whether it runs; applies at the next tick on every instance.',
        params: NameParams,
        body: UpdateScheduleBody,
        response: { 200: ScheduleResponse, ...authErrors(), ...notFound, ...invalid },
      },
    },
    async (request) => {
      const actor = { ...actorOf(request), username: request.auth?.user.username ?? '' };
      const { before, after } = await service.update(actor, request.params.name, request.body);
      const { name } = request.params;
      await request.audit('settings.update', {
        target: { type: 'schedule', id: name, name },
        details: { from: { spec: before.spec, enabled: before.enabled }, to: { spec: after.spec, enabled: after.enabled } },
      });
      return toScheduleResponse(after);
    },
  );

  app.post(
    '/admin/schedules/:name/run',
    {
      ...adminOnly,
      schema: {
        operationId: 'runScheduleNow', tags, summary: 'Run a recurring job now',
        description: 'Administrators only. Queues it at once (whether or not it is turned off); answers the job id.',
        params: NameParams,
        response: {
          202: Type.Object({ job_id: Type.String({ description: 'The queued job, as GET /api/admin/jobs lists it.' }) }, { description: 'Queued.' }),
          ...authErrors(), ...notFound, ...invalid,
        },
      },
    },
    async (request, reply) => {
      const jobId = await service.runNow(actorOf(request), request.params.name);
      const { name } = request.params;
      await request.audit('schedule.run', { target: { type: 'schedule', id: name, name }, details: { job_id: jobId } });
      return reply.code(202).send({ job_id: jobId });
    },
  );
};
