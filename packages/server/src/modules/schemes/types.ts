import type { Actor } from '../../auth/policy.ts';
import type { SchemeRow } from '../../db/types.ts';
import type { ChannelView, NewChannelFields } from '../channels/types.ts';

export const RETAINED_BUILDS_MAX = 1000;

export interface SchemeFields {
  name?: string | undefined;
  /** Tell the team (webhooks) about each new build; true when omitted on create. */
  newBuildCallout?: boolean | undefined;
  /** Keep the newest N builds per channel; 0 keeps all. 0 to 1000, 0 when omitted on create. */
  retainedBuilds?: number | undefined;
}

export interface NewSchemeFields extends SchemeFields {
  name: string;
  channels?: NewChannelFields[] | undefined;
}

export interface CreateSchemeInput extends SchemeFields {
  actor: Actor;
  appId: number;
  name: string;
}

export interface UpdateSchemeInput extends SchemeFields {
  actor: Actor;
  id: number;
}

export interface ListSchemesInput {
  actor: Actor;
  appId: number;
  page: number;
  perPage: number;
}

export interface SchemeView {
  scheme: SchemeRow;
  channels: ChannelView[];
}

/** A scheme with the app it belongs to, as the /schemes endpoints answer it. */
export interface SchemeDetail extends SchemeView {
  app: { id: number; name: string; archived: boolean };
}
