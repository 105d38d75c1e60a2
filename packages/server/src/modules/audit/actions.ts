// Every action the audit log records, by name: `<thing>.<verb>`. A test walks this list and
// performs each one through the API (test/audit-*.test.ts); a name added here needs its test.
export const AUDIT_ACTIONS = [
  // Signing in.
  'session.sign_in',
  'session.sign_in_failed',
  'session.sign_out',
  // API tokens.
  'token.create',
  'token.revoke',
  // Accounts, roles and app memberships.
  'user.create',
  'user.update',
  'user.role_change',
  'user.lock',
  'user.unlock',
  'user.delete',
  'collaborator.add',
  'collaborator.role_change',
  'collaborator.remove',
  'app.owner_transfer',
  // An invitation accepted by an account that already existed (a new account writes user.create).
  'invitation.accept',
  // Channels' protection.
  'channel.password_change',
  'channel.key_change',
  // Instance settings.
  'settings.update',
  'sign_in_provider.create',
  'sign_in_provider.update',
  'sign_in_provider.delete',
  // A recurring job run at once by an administrator (Run now).
  'schedule.run',
  // Deletes of distribution data.
  'app.delete',
  'scheme.delete',
  'channel.delete',
  'release.delete',
  'debug_file.delete',
  // Downloads of builds behind a channel password.
  'release.download_protected',
  // Backups.
  'backup.create',
  'backup.delete',
  'backup.download',
  'backup.restore',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** How the actor came: signed in (session), with an API token, at the `tarmac` command, the server itself, or nobody signed in. */
export const AUDIT_VIAS = ['session', 'token', 'cli', 'system', 'anonymous'] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];
