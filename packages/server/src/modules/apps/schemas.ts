import { Type } from 'typebox';
import type { Static } from 'typebox';
import { PaginationQuery, StringEnum } from '../../http/schemas.ts';
import type { PublicUrls } from '../../http/urls.ts';
import { NAME_MAX } from '../channels/fns.ts';
import { DEVICE_TYPES } from '../channels/schemas.ts';
import { COLLABORATOR_ROLES } from '../collaborators/fns.ts';
import { CollaboratorResponse, toCollaboratorResponse } from '../collaborators/schemas.ts';
import { AppSchemeResponse, NewSchemeBody, toAppSchemeResponse } from '../schemes/schemas.ts';
import type { AppPresets } from './service.ts';
import type { AppDetail, AppView } from './types.ts';
import { APP_SCOPES } from './types.ts';

const ID_MAX = 2147483647;
export const SCHEMES_PER_CREATE_MAX = 10;

const appProperties = {
  id: Type.Integer(),
  name: Type.String(),
  archived: Type.Boolean({ description: 'An archived app is read-only until unarchived.' }),
  public: Type.Boolean({
    description: 'Whether people who are not signed in may browse and install it while the guest_mode setting is on; false by default.',
  }),
  owner: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()], {
    description: "The app's owner (its creator, unless ownership was transferred); null when their account is gone.",
  }),
  role: Type.Union([StringEnum(COLLABORATOR_ROLES), Type.Null()], {
    description: "The caller's collaborator role on the app; null for a global admin who is not on its team.",
  }),
  schemes: Type.Array(AppSchemeResponse),
  release_count: Type.Integer({ description: 'How many builds the app holds, all channels together.' }),
  icon_url: Type.Union([Type.String(), Type.Null()], {
    description:
      "The app's icon: that of the newest channel head (a channel's newest build) with one, on the team's path " +
      '(GET /api/releases/{id}/icon); null before the first build with an icon.',
  }),
};

export const AppResponse = Type.Object(appProperties, { $id: 'App', description: 'An app with its schemes and channels.' });
export type AppResponse = Static<typeof AppResponse>;

const allowed = (description: string) => Type.Boolean({ description });

/** What the caller may do on the app (policy.appPermissions), so a client shows only the actions that will work. */
export const AppPermissionsResponse = Type.Object(
  {
    update: allowed('Rename the app (PUT /api/apps/{id}).'),
    archive: allowed('Archive and unarchive the app.'),
    delete: allowed('Delete the app.'),
    manage_schemes: allowed('Create, change and delete schemes.'),
    manage_channels: allowed("Create, change and delete channels; regenerate their keys."),
    manage_collaborators: allowed('Add collaborators, change their roles, remove them.'),
    read_keys: allowed('See channel keys.'),
    upload: allowed('Upload builds.'),
    update_releases: allowed('Edit releases.'),
    delete_releases: allowed('Delete releases.'),
    transfer: allowed('Transfer ownership (the owner and global admins).'),
  },
  {
    description:
      "What the caller may do on the app, by role. An archived app also refuses changes to itself, its schemes and channels, and uploads (409), whatever these say: combine them with `archived`.",
  },
);

export const AppDetailResponse = Type.Object(
  {
    ...appProperties,
    collaborators: Type.Array(CollaboratorResponse, { description: 'The owner first, then in the order they joined.' }),
    permissions: AppPermissionsResponse,
  },
  { $id: 'AppDetail', description: 'An app with its schemes, channels and collaborators, and what the caller may do on it.' },
);
export type AppDetailResponse = Static<typeof AppDetailResponse>;

export function toAppResponse(view: AppView, urls: Pick<PublicUrls, 'teamIcon'>): AppResponse {
  return {
    id: view.app.id,
    name: view.app.name,
    archived: Boolean(view.app.archived),
    public: Boolean(view.app.public),
    owner: view.owner,
    role: view.role,
    schemes: view.schemes.map((scheme) => toAppSchemeResponse(scheme, view.builds)),
    release_count: view.releaseCount,
    icon_url: view.iconReleaseId === null ? null : urls.teamIcon(view.iconReleaseId),
  };
}

export function toAppDetailResponse(detail: AppDetail, urls: Pick<PublicUrls, 'teamIcon'>): AppDetailResponse {
  return {
    ...toAppResponse(detail, urls),
    collaborators: detail.collaborators.map(toCollaboratorResponse),
    permissions: { ...detail.permissions },
  };
}

export const AppIdParams = Type.Object({
  app_id: Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'App id.' }),
});

export const ListAppsQuery = Type.Object({
  ...PaginationQuery.properties,
  scope: Type.Optional(StringEnum(APP_SCOPES, { default: 'all', description: 'all (the default), active or archived apps.' })),
  q: Type.Optional(Type.String({ maxLength: NAME_MAX, description: 'Part of the name, any case.' })),
});

const name = Type.String({ minLength: 1, maxLength: NAME_MAX, description: 'Display name; never blank.' });

export const CreateAppBody = Type.Object({
  name,
  schemes: Type.Optional(
    Type.Array(NewSchemeBody, {
      maxItems: SCHEMES_PER_CREATE_MAX,
      description: 'Schemes, each with its channels, created with the app in one go.',
    }),
  ),
});

export const UpdateAppBody = Type.Object({
  name: Type.Optional(name),
  archived: Type.Optional(Type.Boolean({ description: 'false unarchives (the one change an archived app accepts); true archives.' })),
  public: Type.Optional(Type.Boolean({ description: "Marks the app public (guest mode) or private; the app's administrators only." })),
});

export const TransferAppBody = Type.Object({
  user_id: Type.Integer({ minimum: 1, maximum: ID_MAX, description: 'The new owner: already a collaborator of the app.' }),
});

export const AppPresetsResponse = Type.Object(
  {
    schemes: Type.Array(
      Type.Object({
        name: Type.String({ description: 'The scheme\'s name, e.g. "Production".' }),
        channels: Type.Array(
          Type.Object({
            name: Type.String({ description: 'The channel\'s name, e.g. "iOS".' }),
            device_type: StringEnum(DEVICE_TYPES, { description: 'The platform of the channel\'s builds.' }),
          }),
        ),
      }),
      { description: 'The preset_schemes setting, in the shape of POST /api/apps `schemes`, in its order; empty when none is set.' },
    ),
    retained_builds: Type.Integer({
      description: 'The default_retained_builds setting: builds per channel a new scheme keeps when it does not say (0 keeps all).',
    }),
  },
  { $id: 'AppPresets', description: 'What POST /api/apps creates when its body has no `schemes`.' },
);
export type AppPresetsResponse = Static<typeof AppPresetsResponse>;

export function toAppPresetsResponse(presets: AppPresets): AppPresetsResponse {
  return {
    schemes: presets.schemes.map((scheme) => ({
      name: scheme.name,
      channels: (scheme.channels ?? []).map((channel) => ({ name: channel.name, device_type: channel.deviceType })),
    })),
    retained_builds: presets.retainedBuilds,
  };
}
