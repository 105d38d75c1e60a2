import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { ChannelRow } from '../../db/types.ts';
import { StringEnum } from '../../http/schemas.ts';

export const DEVICE_TYPES = ['ios', 'android', 'harmonyos', 'macos', 'windows', 'linux'] as const;
export const DOWNLOAD_FILENAME_TYPES = ['version_datetime', 'original_filename'] as const;

export const ChannelResponse = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String({ description: 'Short public identifier used in URLs.' }),
    name: Type.String(),
    device_type: StringEnum(DEVICE_TYPES),
    bundle_id: Type.String({ description: 'Bundle id / package name rule builds must match; "*" accepts any.' }),
    git_url: Type.Union([Type.String(), Type.Null()]),
    has_password: Type.Boolean(),
    key: Type.Optional(Type.String({ description: 'The secret channel key clients upload and check versions with (developers and administrators only).' })),
    download_filename_type: StringEnum(DOWNLOAD_FILENAME_TYPES),
  },
  { $id: 'Channel' },
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
