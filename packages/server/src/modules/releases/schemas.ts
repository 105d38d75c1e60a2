// The release JSON every Zealot client reads. The iOS SDK decodes strictly: `version` is an
// integer and release_version, build_version, app_name, bundle_id and install_url are never
// null (an empty string stands for unknown). `changelog` is always an array of {message};
// `custom_fields` is any JSON, as sent (a Tauri updater reads custom_fields.tauri_signature).
import { Type } from 'typebox';
import type { Static } from 'typebox';
import type { PublicUrls } from '../../http/urls.ts';
import { PaginationQuery } from '../../http/schemas.ts';
import { ChannelResponse, toChannelResponse } from '../channels/schemas.ts';
import { BRANCH_MAX, CI_URL_MAX, CUSTOM_FIELDS_MAX_BYTES, GIT_COMMIT_MAX, JSON_DEPTH_MAX, RELEASE_TYPE_MAX, SOURCE_MAX, VERSION_MAX } from '../uploads/fns.ts';
import { PLATFORM_NAMES, customFieldsDisplay, textChangelog } from './mapper.ts';
import type { Release, ReleaseContext, ReleaseView } from './types.ts';
import { buildProblems } from './installability.ts';

const ChangelogEntrySchema = Type.Object(
  {
    message: Type.String(),
    author: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    date: Type.Optional(Type.String()),
  },
  {
    $id: 'ChangelogEntry',
    // Zealot keeps whatever an entry came with (a commit `hash`, a `url` …); so do we.
    additionalProperties: true,
    description: 'One change. Any other key the entry was sent with (a commit `hash`, a `url` …) is answered as sent.',
  },
);

/** A branch or release type and how many of a channel's releases have it. */
const FacetSchema = Type.Object(
  { name: Type.String(), count: Type.Integer({ minimum: 1, description: 'Releases of the channel with this value.' }) },
  { $id: 'ReleaseFacet', description: 'A value the builds list can filter by, and how many releases have it.' },
);

const releaseProperties = {
  id: Type.Integer(),
  version: Type.Integer({ description: 'Per-channel build number: 1, 2, 3 …' }),
  app_name: Type.String({ description: '"<app> <scheme> <channel>".' }),
  bundle_id: Type.String({ description: 'Bundle id or package name; "" when the package has none.' }),
  release_version: Type.String({ description: 'User-facing version (CFBundleShortVersionString, versionName); "" when unknown.' }),
  build_version: Type.String({ description: 'Build number (CFBundleVersion, versionCode); "" when unknown.' }),
  release_type: Type.Union([Type.String(), Type.Null()]),
  source: Type.String(),
  branch: Type.Union([Type.String(), Type.Null()]),
  git_commit: Type.Union([Type.String(), Type.Null()]),
  ci_url: Type.Union([Type.String(), Type.Null()]),
  size: Type.Integer({ description: 'File size in bytes.' }),
  platform: Type.String({ description: 'iOS, Android, HarmonyOS, macOS, Windows or Linux.' }),
  device_type: Type.String({ description: "The package's device: iphone, ipad, universal, phone, tablet, watch, television, automotive …" }),
  format: Type.String({ description: 'ipa, apk, aab, hap, macos_app, exe, windows_app, deb …' }),
  min_os_version: Type.Union([Type.String(), Type.Null()]),
  checksum: Type.String({ description: 'SHA-256 of the file, hex.' }),
  file_name: Type.String({ description: 'The uploaded file name.' }),
  icon_url: Type.Union([Type.String(), Type.Null()], {
    description:
      "The icon as PNG (`/<slug>/<id>/icon.png`); null when the package had none. Every public link of a build carries its channel's slug. Links of a password-protected channel carry a `grant` for callers entitled to it.",
  }),
  install_url: Type.String({
    description: 'itms-services:// for iOS builds, the download URL otherwise. For a password-protected channel it carries a `grant` (valid TARMAC_CHANNEL_GRANT_HOURS) when the caller may open the channel.',
  }),
  download_url: Type.String({ description: '`/<slug>/<id>/download`: redirects to a URL ending in the file name. Carries a `grant` like install_url.' }),
  release_url: Type.String({ description: 'The build\'s install page, `/<slug>/<id>`.' }),
  qrcode_url: Type.String({ description: 'A QR code of release_url, `/channels/<slug>/releases/<id>/qrcode`.' }),
  changelog: Type.Array(ChangelogEntrySchema),
  text_changelog: Type.String(),
  custom_fields: Type.Unknown({
    description:
      'Any JSON, exactly as sent with the upload or edit: an object such as {"tauri_signature": "…"}, Zealot\'s [{"name", "value", "icon"}], ' +
      'fastlane\'s unset default ["[]"] … [] when none was sent.',
  }),
  download_count: Type.Integer({ minimum: 0, description: 'Completed downloads of the file (a whole file, or a range reaching its last byte).' }),
  install_count: Type.Integer({ minimum: 0, description: 'iOS over-the-air installs started: fetches of the install manifest.' }),
  created_at: Type.String({ format: 'date-time' }),
};

export const ReleaseResponse = Type.Object(releaseProperties, { $id: 'Release', description: 'A release: one uploaded build.' });
export type ReleaseResponse = Static<typeof ReleaseResponse>;

/**
 * `grant`: a channel grant (auth/grants.ts) for a caller entitled to a password-protected
 * channel; it goes into the links the SDKs and the iOS installer follow (they carry no cookie).
 * The page and QR code links stay bare: people share those, and the page asks for the password.
 */
export function toReleaseResponse(release: Release, context: ReleaseContext, urls: PublicUrls, grant?: string): ReleaseResponse {
  const slug = context.channel.slug;
  return {
    id: release.id,
    version: release.version,
    app_name: `${context.app.name} ${context.scheme.name} ${context.channel.name}`,
    bundle_id: release.bundleId ?? '',
    release_version: release.releaseVersion ?? '',
    build_version: release.buildVersion ?? '',
    release_type: release.releaseType,
    source: release.source,
    branch: release.branch,
    git_commit: release.gitCommit,
    ci_url: release.ciUrl,
    size: release.size,
    platform: PLATFORM_NAMES[release.platform] ?? release.platform,
    device_type: release.deviceType,
    format: release.format,
    min_os_version: release.minOsVersion,
    checksum: release.checksum,
    file_name: release.fileName,
    icon_url: release.iconKey ? urls.icon(slug, release.id, grant) : null,
    install_url: urls.install(release, slug, grant),
    download_url: urls.download(slug, release.id, grant),
    release_url: urls.release(slug, release.id),
    qrcode_url: urls.qrcode(slug, release.id),
    changelog: release.changelog,
    text_changelog: textChangelog(release.changelog),
    custom_fields: release.customFields,
    download_count: release.downloadCount,
    install_count: release.installCount,
    created_at: release.createdAt,
  };
}

/** How a page shows custom_fields (mapper.ts, customFieldsDisplay): the web app renders it without re-deriving the rule. */
const CustomFieldsViewSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('none') }, { description: 'Nothing was sent: [], {}, "", null or fastlane\'s unset ["[]"].' }),
    Type.Object(
      {
        kind: Type.Literal('fields'),
        fields: Type.Array(
          Type.Object({
            name: Type.String(),
            value: Type.String({ description: 'The value as text; "" for null.' }),
            icon: Type.Optional(Type.String({ description: 'A font-awesome class name, as sent.' })),
          }),
        ),
      },
      { description: "Zealot's [{icon, name, value}] (or [{name, value}]): a table of fields." },
    ),
    Type.Object(
      { kind: Type.Literal('json'), text: Type.String({ description: 'The JSON formatted, two spaces per level.' }) },
      { description: 'Any other JSON, shown formatted.' },
    ),
  ],
  {
    $id: 'CustomFieldsView',
    description: 'custom_fields as the pages show them (one rule with the install page): none, a table of fields, or formatted JSON; custom_fields stays as sent.',
  },
);

/** Why no device can install a build (installability.ts): the same for every visitor. */
const InstallProblemSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('profile_expired'), Type.Literal('certificate_expired')], {
      description:
        'profile_expired: the embedded provisioning profile expired; certificate_expired: every developer certificate it lists expired ' +
        '(the one that signed the app is among them).',
    }),
    expired_at: Type.String({ format: 'date-time', description: 'When it expired.' }),
  },
  { $id: 'InstallProblem', description: 'A reason no device can install the build.' },
);

export const releaseSchemas = [ChangelogEntrySchema, FacetSchema, CustomFieldsViewSchema, InstallProblemSchema];

/** The app and scheme a channel sits in, as release and version answers show them. */
export const placementProperties = {
  app: Type.Object({ id: Type.Integer(), name: Type.String() }),
  scheme: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    new_build_callout: Type.Boolean(),
    retained_builds: Type.Integer({ description: 'Builds kept per channel; 0 keeps all.' }),
  }),
};

/** A release with the app, scheme and channel it sits in: the upload answer, and GET/PUT of one release. */
export const ReleaseDetailResponse = Type.Object(
  {
    ...releaseProperties,
    ...placementProperties,
    channel: ChannelResponse,
    custom_fields_view: CustomFieldsViewSchema,
    install_problems: Type.Array(InstallProblemSchema, {
      description:
        'Why no device can install this build, at the time of the answer: an expired provisioning profile or signing certificate, with the date. ' +
        '[] when none is known (device-specific reasons, such as a device missing from the profile, are the install page\'s).',
    }),
    metadata: Type.Record(Type.String(), Type.Unknown(), {
      description:
        "Everything the parser read from the package, as the `appinfo` CLI prints it (snake_case): format, platform, device, name, bundle_id, versions, archs, icons and `details`, whose shape depends on the format (iOS: provisioning_profile with type, team, expiry, devices, entitlements and developer_certificates; Android: SDK levels, permissions, features, activities, native_abis and signing; …). {} for a release stored without it.",
    }),
  },
  { $id: 'ReleaseDetail', description: 'A release with its app, scheme and channel (the channel key only for developers and admins) and the parsed metadata.' },
);
export type ReleaseDetailResponse = Static<typeof ReleaseDetailResponse>;

export function toReleaseDetailResponse(view: ReleaseView, urls: PublicUrls, nowMs: number, grant?: string): ReleaseDetailResponse {
  const { app, scheme } = view.context;
  return {
    ...toReleaseResponse(view.release, view.context, urls, grant),
    app: { id: app.id, name: app.name },
    scheme: { id: scheme.id, name: scheme.name, new_build_callout: scheme.newBuildCallout, retained_builds: scheme.retainedBuilds },
    channel: toChannelResponse(view.channel, view.withKey),
    custom_fields_view: customFieldsDisplay(view.release.customFields),
    install_problems: buildProblems(
      { platform: view.release.platform, min_os_version: view.release.minOsVersion, metadata: view.release.metadata },
      nowMs,
    ),
    metadata: view.release.metadata,
  };
}

/** GET /api/channels/{id}/releases: a page, and the filters of the builds list. */
export const ChannelReleasesQuery = Type.Object({
  ...PaginationQuery.properties,
  branch: Type.Optional(Type.String({ minLength: 1, maxLength: BRANCH_MAX, description: 'Only releases built from exactly this branch.' })),
  release_type: Type.Optional(Type.String({ minLength: 1, maxLength: RELEASE_TYPE_MAX, description: 'Only releases of exactly this type (debug, adhoc, release …).' })),
  q: Type.Optional(
    Type.String({
      maxLength: VERSION_MAX,
      description: 'Part of the release_version or build_version, any case; a whole number also finds the build with that version number.',
    }),
  ),
});
export type ChannelReleasesQuery = Static<typeof ChannelReleasesQuery>;

export const ReleaseFacetsResponse = Type.Object(
  {
    branches: Type.Array(FacetSchema, { description: 'Branches in name order (at most 200).' }),
    release_types: Type.Array(FacetSchema, { description: 'Release types in name order (at most 200).' }),
  },
  { $id: 'ReleaseFacets', description: "The branches and release types a channel's releases use: the values its builds list can filter by." },
);
export type ReleaseFacetsResponse = Static<typeof ReleaseFacetsResponse>;

const editable = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }));
/** A field Zealot requires on every release (its Release model validates presence): never blank. */
const required = (maxLength: number, description: string) => Type.Optional(Type.String({ minLength: 1, maxLength, description }));

/** PUT /api/releases/{id}: Zealot's release update fields, as JSON, a form or multipart fields. */
export const UpdateReleaseBody = Type.Object({
  release_version: required(VERSION_MAX, 'User-facing version; never blank (a blank value is a 422).'),
  build_version: required(VERSION_MAX, 'Build number; never blank (a blank value is a 422).'),
  release_type: editable(RELEASE_TYPE_MAX, 'debug, beta, adhoc, release, enterprise …; "" clears it.'),
  source: editable(SOURCE_MAX, 'Where the build came from (fastlane, jenkins …); "" sets it back to "api".'),
  branch: editable(BRANCH_MAX, 'Git branch; a leading "origin/" is dropped; "" clears it.'),
  git_commit: editable(GIT_COMMIT_MAX, 'Git commit; "" clears it.'),
  ci_url: editable(CI_URL_MAX, 'The CI job that made the build; "" clears it.'),
  changelog: Type.Optional(
    Type.Unsafe<unknown>({
      description:
        'Text (one entry per line, a leading "- " or "* " dropped) or JSON: an array of {message, author?, email?, date?, …} (other keys kept as sent) or of strings. "" empties it.',
    }),
  ),
  custom_fields: Type.Optional(
    Type.Unsafe<unknown>({
      description:
        'Any JSON, stored and answered as sent: as JSON text (a form field, or a string in a JSON body) or, in a JSON body, the value itself. ' +
        `"" and null store []; text that is not JSON is kept as a string, but text opening with "{" or "[" must be valid JSON. At most ${CUSTOM_FIELDS_MAX_BYTES} bytes, ${JSON_DEPTH_MAX} levels deep.`,
    }),
  ),
});
export type UpdateReleaseBody = Static<typeof UpdateReleaseBody>;
