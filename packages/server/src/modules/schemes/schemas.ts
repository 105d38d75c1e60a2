import { Type } from 'typebox';
import type { Static } from 'typebox';
import { AppChannelResponse, ChannelResponse, CreateChannelBody, toAppChannelResponse, toChannelResponse, toChannelFields } from '../channels/schemas.ts';
import type { ChannelBuilds } from '../channels/types.ts';
import { NAME_MAX } from '../channels/fns.ts';
import type { NewSchemeFields, SchemeDetail, SchemeView } from './types.ts';
import { RETAINED_BUILDS_MAX } from './types.ts';

export const CHANNELS_PER_SCHEME_MAX = 10;

const schemeProperties = {
  id: Type.Integer(),
  name: Type.String({ description: 'e.g. "Beta", "Release".' }),
  new_build_callout: Type.Boolean({
    description: "Whether new builds are announced: when false, uploads to the scheme's channels post to no webhook (other events still do).",
  }),
  retained_builds: Type.Integer({ description: 'Builds kept per channel, newest first; 0 keeps all.' }),
  channels: Type.Array(ChannelResponse),
};

/** A scheme inside an app's answer: its channels with their build counts and newest builds. */
export const AppSchemeResponse = Type.Object(
  { ...schemeProperties, channels: Type.Array(AppChannelResponse) },
  { $id: 'AppScheme', description: 'A scheme with its channels, each with its build count and newest build.' },
);
export type AppSchemeResponse = Static<typeof AppSchemeResponse>;

/** A scheme on its own: with the app it belongs to (Zealot's Scheme shape). */
export const SchemeResponse = Type.Object(
  { ...schemeProperties, app: Type.Object({ id: Type.Integer(), name: Type.String(), archived: Type.Boolean() }, { description: 'The app the scheme belongs to.' }) },
  { $id: 'Scheme', description: 'A scheme with its channels and the app it belongs to.' },
);
export type SchemeResponse = Static<typeof SchemeResponse>;

function schemeFieldsOf(view: SchemeView) {
  return {
    id: view.scheme.id,
    name: view.scheme.name,
    new_build_callout: Boolean(view.scheme.new_build_callout),
    retained_builds: view.scheme.retained_builds,
  };
}

/** `builds`: each channel's count and newest build by channel id (a channel without builds is absent). */
export function toAppSchemeResponse(view: SchemeView, builds: ReadonlyMap<number, ChannelBuilds>): AppSchemeResponse {
  return {
    ...schemeFieldsOf(view),
    channels: view.channels.map((channel) => toAppChannelResponse(channel.channel, channel.withKey, builds.get(channel.channel.id))),
  };
}

export function toSchemeResponse(detail: SchemeDetail): SchemeResponse {
  return {
    ...schemeFieldsOf(detail),
    channels: detail.channels.map((channel) => toChannelResponse(channel.channel, channel.withKey)),
    app: detail.app,
  };
}

const schemeFields = {
  name: Type.String({ minLength: 1, maxLength: NAME_MAX, description: 'Display name, e.g. "Beta"; never blank.' }),
  new_build_callout: Type.Boolean({ description: "Whether uploads to the scheme's channels are posted to their webhooks; true when omitted." }),
  retained_builds: Type.Integer({ minimum: 0, maximum: RETAINED_BUILDS_MAX, description: `Builds kept per channel, 0 to ${RETAINED_BUILDS_MAX}; 0 (the default) keeps all.` }),
};

export const CreateSchemeBody = Type.Object({
  name: schemeFields.name,
  new_build_callout: Type.Optional(schemeFields.new_build_callout),
  retained_builds: Type.Optional(schemeFields.retained_builds),
});

export const UpdateSchemeBody = Type.Object({
  name: Type.Optional(schemeFields.name),
  new_build_callout: Type.Optional(schemeFields.new_build_callout),
  retained_builds: Type.Optional(schemeFields.retained_builds),
});

/** A scheme with its first channels, as POST /api/apps takes them. */
export const NewSchemeBody = Type.Object({
  ...CreateSchemeBody.properties,
  channels: Type.Optional(Type.Array(CreateChannelBody, { maxItems: CHANNELS_PER_SCHEME_MAX, description: 'Channels to create in the scheme.' })),
});
export type NewSchemeBody = Static<typeof NewSchemeBody>;

export function toNewSchemeFields(body: NewSchemeBody): NewSchemeFields {
  return {
    name: body.name,
    newBuildCallout: body.new_build_callout,
    retainedBuilds: body.retained_builds,
    channels: body.channels?.map((channel) => toChannelFields(channel)),
  };
}
