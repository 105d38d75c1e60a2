import type { Actor, AppPermissions, CollaboratorRole } from '../../auth/policy.ts';
import type { AppRow } from '../../db/types.ts';
import type { ChannelBuilds } from '../channels/types.ts';
import type { Collaborator } from '../collaborators/types.ts';
import type { NewSchemeFields, SchemeView } from '../schemes/types.ts';

export const APP_SCOPES = ['all', 'active', 'archived'] as const;
export type AppScope = (typeof APP_SCOPES)[number];

/** An app as one caller sees it: its owner, the caller's own role, its schemes and channels. */
export interface AppView {
  app: AppRow;
  owner: { id: number; username: string } | null;
  /** The caller's collaborator role; null for a global admin who is not on the team. */
  role: CollaboratorRole | null;
  schemes: SchemeView[];
  /** Each channel's build count and newest build, by channel id; a channel without builds is absent. */
  builds: ReadonlyMap<number, ChannelBuilds>;
  /** How many builds the app holds, all channels together. */
  releaseCount: number;
  /** The release whose icon stands for the app: the newest channel head that has an icon; null when none has. */
  iconReleaseId: number | null;
}

export interface AppDetail extends AppView {
  collaborators: Collaborator[];
  /** What the caller may do on the app, by role (see policy.appPermissions). */
  permissions: AppPermissions;
}

export interface ListAppsInput {
  actor: Actor;
  scope: AppScope;
  page: number;
  perPage: number;
  query?: string | undefined;
}

export interface CreateAppInput {
  actor: Actor;
  name: string;
  /** Schemes (with their channels) made in the same transaction as the app. */
  schemes?: NewSchemeFields[] | undefined;
}

export interface UpdateAppInput {
  actor: Actor;
  id: number;
  name?: string | undefined;
  /** false unarchives (the one change an archived app accepts); true archives. */
  archived?: boolean | undefined;
  /** Whether people who are not signed in may see it while guest mode is on (docs/guest-mode.md). */
  public?: boolean | undefined;
}

export interface TransferAppInput {
  actor: Actor;
  id: number;
  /** The new owner: already a collaborator of the app. */
  userId: number;
}
