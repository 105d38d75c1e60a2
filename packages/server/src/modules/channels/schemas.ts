import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { ChannelRow } from '../../db/types.ts';
import { StringEnum } from '../../http/schemas.ts';
import { BUNDLE_ID_MAX, CHANNEL_PASSWORD_MAX, GIT_URL_MAX, NAME_MAX, SLUG_MAX } from './fns.ts';
import type { ChannelBuilds, ChannelDetail, ChannelFields, NewChannelFields } from './types.ts';

export const DEVICE_TYPES = ['ios', 'android', 'harmonyos', 'macos', 'windows', 'linux'] as const;
export const DOWNLOAD_FILENAME_TYPES = ['version_datetime', 'original_filename'] as const;

export const ChannelResponse = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String({ description: 'Short public identifier used in URLs.' }),
    name: Type.String(),
    device_type: StringEnum(DEVICE_TYPES),
    bundle_id: Type.String({
      description:
        'The bundle id / package name rule builds must pass: "*" accepts any; a glob of letters, digits, ".", "-", "_" and "*" ("com.example.*") matches the whole id; anything else is a regular expression (Ruby syntax, as in Zealot) found anywhere in the id.',
    }),
    git_url: Type.Union([Type.String(), Type.Null()]),
    has_password: Type.Boolean(),
    key: Type.Optional(Type.String({ description: 'The secret channel key clients upload and check versions with (developers and administrators only).' })),
    download_filename_type: StringEnum(DOWNLOAD_FILENAME_TYPES),
  },
  { $id: 'Channel', description: 'A channel (the key only for the app\'s developers and admins).' },
);
export type ChannelResponse = Static<typeof ChannelResponse>;

/** `withKey` only for callers who may see channel keys. */
export function toChannelResponse(row: ChannelRow, withKey: boolean): ChannelResponse {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    device_type: row.device_type,
    bundle_id: row.bundle_id,
    git_url: row.git_url,
    has_password: row.password_hash !== null,
    ...(withKey ? { key: row.key } : {}),
    download_filename_type: row.download_filename_type,
  };
}

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A channel inside an app's answer: with its build count and newest build, for the apps list and the app page. */
export const AppChannelResponse = Type.Object(
  {
    ...ChannelResponse.properties,
    release_count: Type.Integer({ description: 'How many builds the channel holds.' }),
    latest_release: Type.Union(
      [
        Type.Object({
          id: Type.Integer(),
          version: Type.Integer({ description: "The build's number in its channel (1, 2, …)." }),
          release_version: NullableString,
          build_version: NullableString,
          created_at: Type.String({ format: 'date-time', description: 'When it was uploaded.' }),
        }),
        Type.Null(),
      ],
      { description: "The channel's newest build (the highest version); null before the first upload." },
    ),
  },
  { $id: 'AppChannel', description: "A channel with its build count and newest build (the key only for the app's developers and admins)." },
);
export type AppChannelResponse = Static<typeof AppChannelResponse>;

export function toAppChannelResponse(row: ChannelRow, withKey: boolean, builds: ChannelBuilds | undefined): AppChannelResponse {
  const latest = builds?.latest;
  return {
    ...toChannelResponse(row, withKey),
    release_count: builds?.count ?? 0,
    latest_release: latest
      ? {
        id: latest.id,
        version: latest.version,
        release_version: latest.releaseVersion,
        build_version: latest.buildVersion,
        created_at: latest.createdAt,
      }
      : null,
  };
}

const ID_MAX = 2147483647;

export const ChannelDetailResponse = Type.Object(
  {
    ...ChannelResponse.properties,
    scheme: Type.Object({ id: Type.Integer(), name: Type.String() }, { description: 'The scheme the channel belongs to.' }),
    app: Type.Object({ id: Type.Integer(), name: Type.String(), archived: Type.Boolean() }, { description: 'The app the channel belongs to.' }),
  },
  { $id: 'ChannelDetail', description: 'A channel with the scheme and app it belongs to.' },
);
export type ChannelDetailResponse = Static<typeof ChannelDetailResponse>;

export function toChannelDetailResponse(detail: ChannelDetail): ChannelDetailResponse {
  return { ...toChannelResponse(detail.channel, detail.withKey), scheme: detail.scheme, app: detail.app };
}

export const SchemeIdParams = Type.Object({
  scheme_id: Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'Scheme id.' }),
});

const channelFields = {
  name: Type.String({ minLength: 1, maxLength: NAME_MAX, description: 'Display name, e.g. "Android" or "App Store"; never blank.' }),
  device_type: StringEnum(DEVICE_TYPES, { description: 'The platform of the builds the channel takes.' }),
  slug: Type.String({
    maxLength: SLUG_MAX,
    description: `Public identifier used in URLs: 1 to ${SLUG_MAX} letters, digits, "-" or "_", unique ignoring case. Random (6 to 8 lowercase letters and digits) when omitted or empty.`,
  }),
  bundle_id: Type.String({
    maxLength: BUNDLE_ID_MAX,
    description:
      'The bundle id / package name rule uploads must pass: "*" (the default) accepts any; a glob like "com.example.*" matches the whole id; anything else is ' +
      "a regular expression (Ruby syntax, as in Zealot), unanchored, run in linear time. A rule that cannot run (backreferences, lookaround, invalid syntax) is 422 on bundle_id.",
  }),
  // One schema with two types (not a union), so a too long URL gets one message, not one per branch.
  git_url: Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: GIT_URL_MAX, description: 'The repository, an http(s) URL; "" or null for none.' }),
  password: Type.String({
    maxLength: CHANNEL_PASSWORD_MAX,
    description: "Guards the channel's install pages and downloads; \"\" for none (on update: clears it). Stored hashed, never returned: see has_password.",
  }),
  download_filename_type: StringEnum(DOWNLOAD_FILENAME_TYPES, {
    description: 'Download file names: <slug>_<version>_<build>_<date> (version_datetime, the default) or the uploaded name (original_filename).',
  }),
};

export const CreateChannelBody = Type.Object(
  {
    name: channelFields.name,
    device_type: channelFields.device_type,
    slug: Type.Optional(channelFields.slug),
    bundle_id: Type.Optional(channelFields.bundle_id),
    git_url: Type.Optional(channelFields.git_url),
    password: Type.Optional(channelFields.password),
    download_filename_type: Type.Optional(channelFields.download_filename_type),
  },
);
export type CreateChannelBody = Static<typeof CreateChannelBody>;

export const UpdateChannelBody = Type.Object({
  name: Type.Optional(channelFields.name),
  device_type: Type.Optional(channelFields.device_type),
  slug: Type.Optional(channelFields.slug),
  bundle_id: Type.Optional(channelFields.bundle_id),
  git_url: Type.Optional(channelFields.git_url),
  password: Type.Optional(channelFields.password),
  download_filename_type: Type.Optional(channelFields.download_filename_type),
});
export type UpdateChannelBody = Static<typeof UpdateChannelBody>;

/** A create or update body as the service takes it (an update's absent fields stay absent). */
export function toChannelFields(body: CreateChannelBody): NewChannelFields;
export function toChannelFields(body: UpdateChannelBody): ChannelFields;
export function toChannelFields(body: UpdateChannelBody): ChannelFields {
  return {
    name: body.name,
    deviceType: body.device_type,
    slug: body.slug,
    bundleId: body.bundle_id,
    gitUrl: body.git_url,
    password: body.password,
    downloadFilenameType: body.download_filename_type,
  };
}
