import { Type } from 'typebox';
import type { Static } from 'typebox';
import { NullableString } from '../../http/schemas.ts';
import type { PublicUrls } from '../../http/urls.ts';
import type { Dashboard, RecentRelease } from './service.ts';


export const RecentReleaseResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Release id.' }),
    version: Type.Integer({ description: 'The release number within its channel (1, 2, 3 …).' }),
    release_version: NullableString('The version users see, e.g. 1.2.3.'),
    build_version: NullableString('The build number.'),
    name: NullableString("The app's name as the package gives it."),
    platform: Type.String({ description: 'ios, android, harmonyos, macos, windows or linux.' }),
    size: Type.Integer({ description: 'Package size in bytes.' }),
    icon_url: NullableString("The icon's URL (GET /api/releases/{id}/icon), or null when the package had none."),
    created_at: Type.String({ format: 'date-time', description: 'Upload time.' }),
    app_id: Type.Integer(),
    app_name: Type.String(),
    app_archived: Type.Boolean(),
    scheme_id: Type.Integer(),
    scheme_name: Type.String(),
    channel_id: Type.Integer(),
    channel_name: Type.String(),
    uploader: NullableString("The uploader's username; null when unknown or deleted."),
  },
  { $id: 'RecentRelease', description: 'A recent upload, with its app, scheme and channel.' },
);

export const DashboardResponse = Type.Object(
  {
    apps: Type.Integer({ description: 'Apps that are not archived.' }),
    releases: Type.Integer({ description: 'Releases, archived apps included.' }),
    storage_bytes: Type.Integer({ description: "The bytes the releases' packages take in storage." }),
    users: Type.Optional(Type.Integer({ description: 'Every user account; only in an administrator\'s answer.' })),
    debug_files: Type.Optional(
      Type.Integer({ description: 'Debug files (dSYM, Proguard) in the same apps as releases, archived ones included.' }),
    ),
    recent_releases: Type.Array(RecentReleaseResponse, { description: `The newest uploads first, at most 10.` }),
    jobs: Type.Optional(
      Type.Object(
        {
          waiting: Type.Integer({ description: 'Queued or scheduled (waiting for their time, or for a retry).' }),
          running: Type.Integer(),
          failed: Type.Integer({ description: 'Out of attempts: see /admin/jobs.' }),
        },
        { description: "Background jobs; only in an administrator's answer." },
      ),
    ),
  },
  {
    $id: 'Dashboard',
    description:
      'What the caller can see: a global admin counts every app, release and user; anyone else counts the apps they collaborate on and their releases.',
  },
);

function toRecentReleaseResponse(release: RecentRelease, urls: Pick<PublicUrls, 'teamIcon'>): Static<typeof RecentReleaseResponse> {
  return {
    id: release.id,
    version: release.version,
    release_version: release.releaseVersion,
    build_version: release.buildVersion,
    name: release.name,
    platform: release.platform,
    size: release.size,
    icon_url: release.hasIcon ? urls.teamIcon(release.id) : null,
    created_at: release.createdAt,
    app_id: release.appId,
    app_name: release.appName,
    app_archived: release.appArchived,
    scheme_id: release.schemeId,
    scheme_name: release.schemeName,
    channel_id: release.channelId,
    channel_name: release.channelName,
    uploader: release.uploader,
  };
}

export function toDashboardResponse(dashboard: Dashboard, urls: Pick<PublicUrls, 'teamIcon'>): Static<typeof DashboardResponse> {
  return {
    apps: dashboard.apps,
    releases: dashboard.releases,
    storage_bytes: dashboard.storageBytes,
    ...(dashboard.users === undefined ? {} : { users: dashboard.users }),
    ...(dashboard.debugFiles === undefined ? {} : { debug_files: dashboard.debugFiles }),
    recent_releases: dashboard.recentReleases.map((release) => toRecentReleaseResponse(release, urls)),
    ...(dashboard.jobs === undefined ? {} : { jobs: dashboard.jobs }),
  };
}
