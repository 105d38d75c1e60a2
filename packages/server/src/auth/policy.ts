// The permission policy: roles as data and pure functions. Every service asks before it
// loads or changes anything.
//
// Global roles:
//   admin      everything, on every app
//   developer  creates apps (and becomes their owner); otherwise as a collaborator
//   member     only what collaborator roles give
// Collaborator roles, per app:
//   admin      manage the app (rename, archive, delete), its schemes, channels and collaborators
//   developer  upload builds, edit and delete releases; read everything
//   member     read the app, its schemes, channels and releases
// The owner (the app's creator) is a collaborator admin who cannot be removed; ownership
// moves only by transfer, done by the owner or a global admin.
// Someone with no collaborator role on an app sees nothing of it: services answer 404, not
// 403, so app ids cannot be probed. docs/permissions.md shows the same matrix.

import { ForbiddenError } from '../errors.ts';
import type { ErrorCode } from '../errors.ts';

/** Global roles, weakest first. modules/users/types.ts re-exports them for the account code. */
export const USER_ROLES = ['member', 'developer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type Action =
  /** List, read, create, update, lock, unlock and delete any user account. */
  | 'users:manage'
  /** Read and change one's own profile, password and personal access tokens. */
  | 'self:manage'
  /** Create a new app (and so become its owner). */
  | 'apps:create'
  /** See the iOS devices registered through /udid. */
  | 'devices:read'
  /** Rename a registered device. */
  | 'devices:update'
  /** Create or update devices from the Apple developer account (PUT /api/devices/{udid}). */
  | 'devices:sync'
  /** Delete a registered device. */
  | 'devices:delete'
  /** Read and change instance-wide settings (registration …). */
  | 'settings:manage'
  /** Inspect an app or debug file without storing it (teardown). */
  | 'files:inspect'
  /** See the background jobs, retry or discard them (/api/admin/jobs). */
  | 'jobs:manage'
  /** Read this process's recent log lines (/api/admin/logs). */
  | 'logs:read'
  /** See what `tarmac import zealot` did with each Zealot row (/api/admin/zealot-import). */
  | 'zealot_import:read'
  /** Read and export the audit log (/api/admin/audit-events). */
  | 'audit:read'
  /** Create, change and delete shared webhooks (attached to channels of any app). */
  | 'webhooks:manage'
  /** See the system information, full health checks and the database view (/api/admin/system, /api/admin/database). */
  | 'system:read'
  /** Make, run and delete backup plans and archives, restore (/api/admin/backups). */
  | 'backups:manage';

export interface Actor {
  userId: number;
  role: UserRole;
}

const grants: Record<UserRole, readonly Action[]> = {
  member: ['self:manage', 'devices:read', 'files:inspect'],
  developer: ['self:manage', 'apps:create', 'devices:read', 'devices:update', 'devices:sync', 'files:inspect'],
  admin: [
    'self:manage', 'users:manage', 'apps:create', 'devices:read', 'devices:update', 'devices:sync', 'devices:delete', 'settings:manage', 'files:inspect',
    'jobs:manage', 'webhooks:manage', 'zealot_import:read', 'audit:read', 'logs:read', 'system:read', 'backups:manage',
  ],
};

export function can(actor: Actor, action: Action): boolean {
  return grants[actor.role].includes(action);
}

export const forbiddenMessages: Record<Action, string> = {
  'users:manage': 'Only administrators can manage users',
  'self:manage': 'You cannot change this account',
  'apps:create': 'Only developers and administrators can create apps',
  'devices:read': 'You cannot see devices',
  'devices:update': 'Only developers and administrators can rename devices',
  'devices:sync': 'Only developers and administrators can sync devices',
  'devices:delete': 'Only administrators can delete devices',
  'settings:manage': 'Only administrators can change settings',
  'files:inspect': 'You cannot inspect files',
  'jobs:manage': 'Only administrators can see and manage background jobs',
  'logs:read': 'Only administrators can read the server logs',
  'webhooks:manage': 'Only administrators can manage shared webhooks',
  'backups:manage': 'Only administrators can manage backups',
  'zealot_import:read': 'Only administrators can see what was imported from Zealot',
  'audit:read': 'Only administrators can read the audit log',
  'system:read': 'Only administrators can see the system information and the database',
};

/** The refusal of `action`: its sentence, and the code `permission.<action>` (":" and "-" as "_"). */
export function forbidden(action: Action | AppAction): ForbiddenError {
  const message = action in forbiddenMessages ? forbiddenMessages[action as Action] : appForbiddenMessages[action as AppAction];
  return new ForbiddenError(message, permissionCode(action));
}

/** `app:read` → `permission.app_read`; every such code is listed in src/error-codes.ts (a test checks). */
export function permissionCode(action: Action | AppAction): ErrorCode {
  return `permission.${action.replace(/[:-]/g, '_')}` as ErrorCode;
}

export type CollaboratorRole = 'member' | 'developer' | 'admin';

export type AppAction =
  | 'app:read'
  | 'app:update'
  | 'app:delete'
  | 'app:archive'
  | 'scheme:manage'
  | 'channel:manage'
  | 'channel:read-key'
  | 'collaborator:manage'
  | 'release:create'
  | 'release:update'
  | 'release:delete'
  /** Upload dSYM and Proguard files (modules/debug-files). */
  | 'debug_file:create'
  | 'debug_file:delete'
  /** Create, change, test and delete the webhooks of the app's channels. */
  | 'webhook:manage';

const appGrants: Record<CollaboratorRole, readonly AppAction[]> = {
  member: ['app:read'],
  developer: ['app:read', 'channel:read-key', 'release:create', 'release:update', 'release:delete', 'debug_file:create', 'debug_file:delete'],
  admin: [
    'app:read',
    'app:update',
    'app:delete',
    'app:archive',
    'scheme:manage',
    'channel:manage',
    'channel:read-key',
    'collaborator:manage',
    'release:create',
    'release:update',
    'release:delete',
    'debug_file:create',
    'debug_file:delete',
    'webhook:manage',
  ],
};

/** What the caller is on one app: their collaborator role and whether they own it. */
export interface Membership {
  role: CollaboratorRole;
  owner: boolean;
}

/**
 * 'allow'; 'forbidden' (a collaborator without this right: 403); or 'hidden' (not a
 * collaborator: 404, the app does not exist for them).
 */
export function decideOnApp(actor: Actor, membership: Membership | null, action: AppAction): 'allow' | 'forbidden' | 'hidden' {
  if (actor.role === 'admin') return 'allow';
  if (!membership) return 'hidden';
  return appGrants[membership.role].includes(action) ? 'allow' : 'forbidden';
}

/**
 * Which apps a list or a count may include for this actor: every app for a global admin
 * (no `memberId`), otherwise only the apps they collaborate on. Repositories take the result
 * as their filter's scope; services never decide this themselves.
 */
export interface VisibleApps {
  memberId?: number | undefined;
}

export function visibleApps(actor: Actor): VisibleApps {
  return actor.role === 'admin' ? {} : { memberId: actor.userId };
}

/** True for a global admin, who may read every app: a caller can skip loading the membership. */
export function seesEveryApp(actor: Actor): boolean {
  return actor.role === 'admin';
}

/** Whether the actor may read one app, given their membership (null: not a collaborator). */
export function mayReadApp(actor: Actor, membership: Membership | null): boolean {
  return decideOnApp(actor, membership, 'app:read') === 'allow';
}

/**
 * A visitor who is not signed in (a guest) reads an app, its schemes, channels and builds only
 * while the instance's guest_mode setting is on and only when the app is public; never its
 * team (collaborators, owner), channel keys, uploaders or webhooks, and never changes anything.
 * Anything else stays 401 (lists) or 404 (one app), as with guest mode off.
 */
export function guestMayReadApp(guestMode: boolean, app: { public: boolean | number }): boolean {
  return guestMode && Boolean(app.public);
}

/**
 * Whether a guest reads a channel's builds through the API: a public app's channel without a
 * password. A guarded channel's builds open only on its install page, after the password.
 */
export function guestMayReadBuilds(guestMode: boolean, channel: { app_public: boolean | number; guarded: boolean }): boolean {
  return guestMayReadApp(guestMode, { public: channel.app_public }) && !channel.guarded;
}

/** Which apps a guest's list may include: public ones only (the list itself needs guest_mode on). */
export const GUEST_VISIBLE_APPS = { publicOnly: true } as const;

/** What a guest may do on a public app: nothing but read. */
export const GUEST_PERMISSIONS: AppPermissions = {
  update: false, archive: false, delete: false, manage_schemes: false, manage_channels: false, manage_collaborators: false,
  read_keys: false, upload: false, update_releases: false, delete_releases: false, transfer: false,
};

/** Ownership moves only by the owner's or a global admin's hand. */
export function canTransferOwnership(actor: Actor, membership: Membership | null): boolean {
  return actor.role === 'admin' || membership?.owner === true;
}

export const appForbiddenMessages: Record<AppAction, string> = {
  'app:read': 'You cannot see this app',
  'app:update': "Only the app's administrators can change it",
  'app:delete': "Only the app's administrators can delete it",
  'app:archive': "Only the app's administrators can archive it",
  'scheme:manage': "Only the app's administrators can manage its schemes",
  'channel:manage': "Only the app's administrators can manage its channels",
  'channel:read-key': "Only the app's developers and administrators can see channel keys",
  'collaborator:manage': "Only the app's administrators can manage its collaborators",
  'release:create': "Only the app's developers and administrators can upload builds",
  'release:update': "Only the app's developers and administrators can edit releases",
  'release:delete': "Only the app's developers and administrators can delete releases",
  'debug_file:create': "Only the app's developers and administrators can upload debug files",
  'debug_file:delete': "Only the app's developers and administrators can delete debug files",
  'webhook:manage': "Only the app's administrators can manage its webhooks",
};

/** The whole matrix, for the docs and the permission test. */
export const appPolicyMatrix = appGrants;

/**
 * What the caller may do on one app, by role alone, as GET /api/apps/{id} reports it so a
 * client shows only the actions that will be allowed. An archived app further refuses
 * changes to itself, its schemes and channels (409) and uploads: combine with `archived`.
 */
export interface AppPermissions {
  update: boolean;
  archive: boolean;
  delete: boolean;
  manage_schemes: boolean;
  manage_channels: boolean;
  manage_collaborators: boolean;
  read_keys: boolean;
  upload: boolean;
  update_releases: boolean;
  delete_releases: boolean;
  transfer: boolean;
}

export function appPermissions(actor: Actor, membership: Membership | null): AppPermissions {
  const allowed = (action: AppAction) => decideOnApp(actor, membership, action) === 'allow';
  return {
    update: allowed('app:update'),
    archive: allowed('app:archive'),
    delete: allowed('app:delete'),
    manage_schemes: allowed('scheme:manage'),
    manage_channels: allowed('channel:manage'),
    manage_collaborators: allowed('collaborator:manage'),
    read_keys: allowed('channel:read-key'),
    upload: allowed('release:create'),
    update_releases: allowed('release:update'),
    delete_releases: allowed('release:delete'),
    transfer: canTransferOwnership(actor, membership),
  };
}
