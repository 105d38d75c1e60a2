// Debug file requests and answers. The answer keeps Zealot's DebugFile shape (id, app_name,
// device_type, release_version, build_version, file_url, file_size, metadata[] with id,
// category, uuid, created_at and the dSYM or Proguard fields), which fastlane's
// zealot_debug_file prints, and adds what Tarmac knows besides (app_id, archs, the linked
// release, the uploader …).
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { NullableString, PerPageQuery, StringEnum } from '../../http/schemas.ts';
import { CATEGORY_NAMES, DEBUG_FILE_DEVICE_TYPES, DOWNLOAD_LINK_TTL_SECONDS, UUID_INPUT_MAX, VERSION_MAX } from './fns.ts';
import type { DebugFile, DebugFileDetail, DebugFileEntry } from './types.ts';

const version = (description: string) => Type.Optional(Type.String({ maxLength: VERSION_MAX, description }));

export const ORDERS = ['version', 'upload_date'] as const;
/** Zealot's code spells the upload order `upload`; both are taken. */
export const DOWNLOAD_ORDERS = ['version', 'upload_date', 'upload'] as const;

export const UploadDebugFileBody = Type.Object(
  {
    token: Type.Optional(Type.String({ description: 'Personal access token, when not sent as `?token=` or `Authorization: Bearer`.' })),
    channel_key: Type.String({ maxLength: 64, description: "The key of one of the app's channels: iOS or macOS for a dSYM, Android for a Proguard mapping." }),
    file: Type.Unsafe<unknown>({
      type: 'string',
      format: 'binary',
      description: 'A zip: one or more X.dSYM folders (at the top or inside a folder), or mapping.txt with the AndroidManifest.xml (R.txt and others may come along).',
    }),
    release_version: version("The build's version (CFBundleShortVersionString, versionName). iOS: read from the dSYM when empty. Android: required unless the zip's AndroidManifest.xml has it."),
    build_version: version("The build number (CFBundleVersion, versionCode). iOS: read from the dSYM when empty. Android: required unless the zip's AndroidManifest.xml has it."),
    keep_both: Type.Optional(
      Type.String({ description: 'Accepted and ignored (it no longer changes anything): a zip is stored unless the same bytes are already stored for the app and versions.' }),
    ),
  },
  { description: 'multipart/form-data; text fields may come before or after the file, and empty ones count as absent.' },
);

export const ListDebugFilesQuery = Type.Object({
  app_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "The app (signed in: any of the app's team)." })),
  channel_key: Type.Optional(Type.String({ maxLength: 64, description: "Instead of app_id and a token: a channel's key lists its app's files of the channel's platform." })),
  device_type: Type.Optional(StringEnum(DEBUG_FILE_DEVICE_TYPES, { description: 'Only files of this platform.' })),
  release_version: version('Only files of this release_version (compared as versions: 1.0 = 1).'),
  build_version: version('Only files of this build_version.'),
  uuid: Type.Optional(Type.String({ maxLength: UUID_INPUT_MAX, description: 'Only files holding this UUID (any case, with or without dashes).' })),
  order: Type.Optional(StringEnum(ORDERS, { description: '`upload_date` (default): newest first; `version`: highest release and build first.' })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' })),
  per_page: Type.Optional(PerPageQuery),
});

export const DownloadDebugFileQuery = Type.Object({
  channel_key: Type.Optional(Type.String({ description: "A channel's key: its app's files of the channel's platform." })),
  release_version: Type.Optional(Type.String({ description: 'Required: the release_version of the build.' })),
  build_version: Type.Optional(Type.String({ description: 'The build_version; any build of the release when absent.' })),
  order: Type.Optional(
    StringEnum(DOWNLOAD_ORDERS, { description: '`version` (default): the highest build; `upload_date` (or `upload`): the newest upload.' }),
  ),
});

export const UuidParams = Type.Object({
  uuid: Type.String({ maxLength: UUID_INPUT_MAX, description: 'A Mach-O slice UUID (LC_UUID, as a crash report shows it) or a Proguard mapping id; any case, with or without dashes.' }),
});

export const UuidQuery = Type.Object({
  app_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only this app.' })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' })),
  per_page: Type.Optional(PerPageQuery),
});

const DebugFileEntryResponse = Type.Object(
  {
    id: Type.Integer(),
    category: StringEnum(['dSYM', 'Proguard'] as const),
    uuid: NullableString("dSYM: the slice's LC_UUID. Proguard: the mapping's debug id (UUIDv5 in Sentry's namespace). Lowercase, dashed."),
    created_at: Type.String({ description: 'ISO 8601.' }),
    size: Type.Integer({ description: "dSYM: the slice's size. Proguard: mapping.txt's size." }),
    name: Type.Optional(NullableString('dSYM: the object (executable or framework) the symbols are for.')),
    bundle_id: Type.Optional(NullableString("dSYM: its bundle's identifier.")),
    bundle_name: Type.Optional(NullableString('dSYM: the .dSYM folder, e.g. MyApp.app.dSYM.')),
    arch: Type.Optional(Type.String({ description: 'dSYM: the CPU architecture, e.g. arm64.' })),
    extension: Type.Optional(Type.Boolean({ description: 'dSYM: true for everything but the app itself (extensions, frameworks, watch app).' })),
    package_name: Type.Optional(NullableString("Proguard: the app's package, from the zip's AndroidManifest.xml.")),
    zealot_uuid: Type.Optional(NullableString('Proguard: the id Zealot stores for the same mapping (UUIDv5 in the app-info namespace); lookups take either.')),
    files: Type.Optional(Type.Array(Type.Object({ name: Type.String(), size: Type.Integer() }), { description: 'Proguard: the files in the zip.' })),
  },
  { description: 'One Mach-O slice of a dSYM, or the mapping of a Proguard zip.' },
);

export const DebugFileResponse = Type.Object(
  {
    id: Type.Integer(),
    app_id: Type.Integer(),
    app_name: Type.String(),
    device_type: Type.String({ description: 'The platform: ios or macos (dSYM), android (Proguard).' }),
    category: StringEnum(['dSYM', 'Proguard'] as const),
    release_version: NullableString('The version it is filed under.'),
    build_version: NullableString('The build number it is filed under.'),
    name: NullableString("dSYM: the app's object name. Proguard: the package name."),
    bundle_id: NullableString("The app's bundle id (dSYM) or package name (Proguard), when the file says it."),
    archs: Type.Array(Type.String(), { description: 'The CPU architectures of every slice (dSYM).' }),
    uuids: Type.Array(Type.String(), { description: 'Every UUID the file can be found by.' }),
    file_name: Type.String({ description: 'The name it was uploaded with.' }),
    file_url: Type.String({ description: `The zip: a signed link valid ${DOWNLOAD_LINK_TTL_SECONDS / 60} minutes (the app's team may also open it signed in).` }),
    file_size: Type.Integer(),
    checksum: Type.String({ description: 'SHA-256 of the zip, hex.' }),
    created_at: Type.String({ description: 'ISO 8601.' }),
    channel: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() }), Type.Null()], {
      description: 'The channel whose key it was uploaded with (null once deleted).',
    }),
    release: Type.Union([Type.Object({ id: Type.Integer(), version: Type.Integer(), channel_id: Type.Integer() }), Type.Null()], {
      description: 'The build with the same platform and versions in the app, if there is one.',
    }),
    uploader: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
    metadata: Type.Array(DebugFileEntryResponse),
    permissions: Type.Optional(Type.Object({ delete: Type.Boolean() }, { description: 'What the signed-in caller may do (absent for channel-key callers).' })),
  },
  { description: 'A dSYM or Proguard zip and what crash reports match it by.' },
);

export type DebugFileResponse = Static<typeof DebugFileResponse>;

function toEntryResponse(file: DebugFile, entry: DebugFileEntry): Static<typeof DebugFileEntryResponse> {
  const common = { id: entry.id, category: CATEGORY_NAMES[file.category], uuid: entry.uuid, created_at: entry.createdAt, size: entry.size };
  if (file.category === 'proguard') {
    return { ...common, package_name: entry.object, zealot_uuid: entry.altUuid, files: entry.files ?? [] };
  }
  return {
    ...common,
    name: entry.object,
    bundle_id: entry.bundleId,
    bundle_name: entry.bundleName,
    arch: entry.arch,
    extension: !entry.main,
  };
}

/** `fileUrl`: the absolute signed link to the zip. */
export function toDebugFileResponse(file: DebugFile | DebugFileDetail, fileUrl: string): DebugFileResponse {
  const archs = [...new Set(file.entries.filter((e) => e.arch !== 'proguard').map((e) => e.arch))];
  const uuids = [...new Set(file.entries.flatMap((e) => [e.uuid, e.altUuid]).filter((u): u is string => u !== null))];
  return {
    id: file.id,
    app_id: file.appId,
    app_name: file.appName,
    device_type: file.deviceType,
    category: CATEGORY_NAMES[file.category],
    release_version: file.releaseVersion,
    build_version: file.buildVersion,
    name: file.name,
    bundle_id: file.bundleId,
    archs,
    uuids,
    file_name: file.fileName,
    file_url: fileUrl,
    file_size: file.size,
    checksum: file.checksum,
    created_at: file.createdAt,
    channel: file.channel,
    release: file.release && { id: file.release.id, version: file.release.version, channel_id: file.release.channelId },
    uploader: file.uploader,
    metadata: file.entries.map((entry) => toEntryResponse(file, entry)),
    ...('canDelete' in file ? { permissions: { delete: file.canDelete } } : {}),
  };
}
