// The upload form, for the OpenAPI document. The route reads the multipart stream itself
// (receive.ts), so this schema documents and does not validate; service.ts checks each field.
import { PLATFORM_EXTENSIONS } from '@tarmac/appinfo';
import { Type } from 'typebox';
import type { Static } from 'typebox';
import { CHANNEL_PASSWORD_MAX, GIT_URL_MAX, NAME_MAX, SLUG_MAX } from '../channels/fns.ts';
import { DOWNLOAD_FILENAME_TYPES } from '../channels/schemas.ts';
import { StringEnum } from '../../http/schemas.ts';
import { ReleaseDetailResponse } from '../releases/schemas.ts';
import { BRANCH_MAX, CI_URL_MAX, CUSTOM_FIELDS_MAX_BYTES, GIT_COMMIT_MAX, JSON_DEPTH_MAX, RELEASE_TYPE_MAX, SOURCE_MAX } from './fns.ts';
import { PLACEMENTS } from './types.ts';

const extensions = Type.Array(Type.String());
/**
 * Each channel platform's build file endings (appinfo's table), as the `default` of a component
 * schema: the web's upload dialog reads them from the OpenAPI document (`npm run api` writes them
 * into packages/web/src/api/field-rules.ts) for its file picker and its check before sending.
 */
const UploadExtensionsSchema = Type.Object(
  {
    ios: extensions,
    android: extensions,
    harmonyos: extensions,
    macos: extensions,
    windows: extensions,
    linux: extensions,
  },
  {
    $id: 'UploadExtensions',
    description:
      "The file name endings of each channel platform's builds (device_type), for a file picker. The server reads a package by its content; " +
      'a channel refuses a build of another platform.',
    default: PLATFORM_EXTENSIONS,
  },
);

export const uploadSchemas = [UploadExtensionsSchema];

const text = (maxLength: number, description: string) => Type.Optional(Type.String({ maxLength, description }));

export const UploadBody = Type.Object(
  {
    token: Type.Optional(Type.String({ description: 'Personal access token, when not sent as `?token=` or `Authorization: Bearer`.' })),
    channel_key: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          "The channel to upload to. Empty or absent: the build goes to an existing channel you may upload to that takes the package's platform and bundle id " +
          "(one holding builds with that bundle id, else one of an app with the new app's name); when there is none, a new app (owned by you), scheme and channel are made. `placement` in the answer says which.",
      }),
    ),
    file: Type.Unsafe<unknown>({
      type: 'string',
      format: 'binary',
      description: 'The package: ipa, apk, aab, hap, app, zipped macOS app, dmg, pkg, exe, zipped Windows app folder, msix, msi, deb, rpm or AppImage. Any content type.',
    }),
    name: text(NAME_MAX, "The new app's name (only with no channel_key); the package's name when empty."),
    password: text(CHANNEL_PASSWORD_MAX, "Sets the channel's password; sent empty, clears it."),
    release_type: text(RELEASE_TYPE_MAX, 'debug, beta, adhoc, release, enterprise …'),
    source: text(SOURCE_MAX, 'Where the build came from: fastlane, jenkins, gitlab-ci …; "api" when empty.'),
    changelog: Type.Optional(
      Type.String({
        description:
          'Plain text (one entry per line, a leading "- " or "* " dropped) or JSON: an array of {message, author?, email?, date?, …} (other keys, such as a commit `hash`, kept as sent) or of strings.',
      }),
    ),
    branch: text(BRANCH_MAX, 'Git branch; a leading "origin/" is dropped.'),
    git_commit: text(GIT_COMMIT_MAX, 'Git commit the build was made from.'),
    ci_url: text(CI_URL_MAX, 'The CI job that made the build.'),
    custom_fields: Type.Optional(
      Type.String({
        description:
          'Any JSON as text, stored and answered exactly as sent: an object such as {"tauri_signature": "…"}, Zealot\'s [{"name", "value", "icon"}], ' +
          `fastlane's unset default ["[]"] … Empty: []. Text that is not JSON is kept as a string, but text opening with "{" or "[" must be valid JSON. At most ${CUSTOM_FIELDS_MAX_BYTES} bytes, ${JSON_DEPTH_MAX} levels deep.`,
      }),
    ),
    slug: text(SLUG_MAX, "Sets the channel's slug."),
    git_url: text(GIT_URL_MAX, "Sets the channel's repository URL."),
    download_filename_type: Type.Optional(StringEnum(DOWNLOAD_FILENAME_TYPES, { description: "Sets the channel's download file names." })),
  },
  { description: 'multipart/form-data; text fields may come before or after the file, and empty ones count as absent (but password).' },
);

/** The upload's answer: the release, and where it went (Tarmac's own field; Zealot clients ignore it). */
export const UploadResponse = Type.Object(
  {
    ...ReleaseDetailResponse.properties,
    placement: StringEnum(PLACEMENTS, {
      description:
        'Where the build went: `channel_key`, the channel the key names; without a key, `bundle_id`, an existing channel holding builds with the ' +
        "package's bundle id; `app_name`, a channel of an existing app with the new app's name; `created`, a new app, scheme and channel.",
    }),
  },
  { $id: 'UploadResult', description: 'The uploaded release with its app, scheme and channel and the parsed metadata, and where it went.' },
);
export type UploadResponse = Static<typeof UploadResponse>;
