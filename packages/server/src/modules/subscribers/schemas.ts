// Request and response schemas of /api/channels/{id}/subscribers, and the mapper.
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { DateTime, StringEnum } from '../../http/schemas.ts';
import { EMAIL_MAX, SUBSCRIBER_LOCALES } from './fns.ts';
import type { Subscriber } from './types.ts';

export const SubscriberResponse = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String({ description: 'The address, lower-cased.' }),
    state: StringEnum(['pending', 'active'] as const, {
      description: '`pending`: asked on the install page, has not confirmed yet (gets no build mails); `active`: gets them.',
    }),
    source: StringEnum(['self', 'team'] as const, { description: '`self`: the install page’s form; `team`: added by the app’s admins.' }),
    locale: StringEnum(SUBSCRIBER_LOCALES, { description: 'The language of the mails.' }),
    created_at: DateTime('When the address was added or asked.'),
    confirmed_at: Type.Union([DateTime('When the subscription became active.'), Type.Null()]),
  },
  { $id: 'ChannelSubscriber', description: 'Someone told by mail of the channel’s new builds.' },
);
export type SubscriberResponse = Static<typeof SubscriberResponse>;

export function toSubscriberResponse(row: Subscriber): SubscriberResponse {
  return {
    id: row.id,
    email: row.email,
    state: row.state,
    source: row.source,
    locale: row.locale,
    created_at: row.created_at,
    confirmed_at: row.confirmed_at,
  };
}

export const AddSubscriberBody = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX, description: 'One email address (local@domain); stored lower-cased.' }),
    locale: Type.Optional(StringEnum(SUBSCRIBER_LOCALES, { description: 'The language of the mails; TARMAC_DEFAULT_LOCALE when omitted.' })),
  },
  { additionalProperties: false },
);

export const SubscriberParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Channel id.' }),
  subscriber_id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Subscriber id.' }),
});
