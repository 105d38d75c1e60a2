// The schemas of /api/admin/audit-events: the audit log's lines, their filters and the export.
import { Type } from 'typebox';
import { DateTime, NullableString, PaginationQuery, StringEnum } from '../../http/schemas.ts';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, AUDIT_VIAS } from './actions.ts';

const filters = {
  action: Type.Optional(
    Type.Array(StringEnum(AUDIT_ACTIONS), { maxItems: AUDIT_ACTIONS.length, description: 'Only these actions (repeat the parameter for more than one).' }),
  ),
  actor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'Only lines of this actor: a user id, or a name (any case; a failed sign-in names the login tried).' }),
  ),
  outcome: Type.Optional(StringEnum(AUDIT_OUTCOMES, { description: 'Only successes or only failures.' })),
  target_type: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only lines about this kind of thing (user, app, channel, release …).' })),
  target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only lines about the thing with this id (with target_type).' })),
  from: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Lines at or after this ISO 8601 date or date and time.' })),
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Lines before this ISO 8601 date or date and time (a date alone: up to the end of that day, UTC).' })),
  q: Type.Optional(Type.String({ maxLength: 200, description: "Words found in the actor's or target's name, the IP, the action or the details (any case)." })),
};

export const ListAuditEventsQuery = Type.Object({ ...PaginationQuery.properties, ...filters });

export const ExportAuditEventsQuery = Type.Object({
  ...filters,
  format: Type.Optional(StringEnum(['csv', 'json'] as const, { default: 'csv', description: 'csv (a header row, then one line per event) or json (an array).' })),
});

export const AuditEvent = Type.Object(
  {
    id: Type.Integer(),
    occurred_at: DateTime('When it happened.'),
    action: StringEnum(AUDIT_ACTIONS, { description: 'What was done.' }),
    outcome: StringEnum(AUDIT_OUTCOMES, { description: 'Whether it succeeded.' }),
    actor_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The account that acted; null when nobody was signed in.' }),
    actor_name: NullableString('Its username then, or the login tried by a failed sign-in.'),
    actor_via: StringEnum(AUDIT_VIAS, { description: 'How: a session, an API token, the `tarmac` command, the server itself, or nobody signed in.' }),
    target_type: NullableString('The kind of thing acted on.'),
    target_id: NullableString('Its id.'),
    target_name: NullableString('Its name then.'),
    ip: NullableString('The client address (behind TARMAC_TRUST_PROXY, the forwarded one).'),
    user_agent: NullableString('The client software.'),
    request_id: NullableString('The request id, as in the server log.'),
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'What changed (old and new values); secrets are never written.' }),
  },
  { description: 'One line of the audit log.' },
);

export const AuditActionsResponse = Type.Array(StringEnum(AUDIT_ACTIONS), { description: 'Every action the audit log records.' });
