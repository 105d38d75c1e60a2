// The rules of invitations: an administrator invites anyone, with any role, into any apps; an
// app's administrator invites only into apps they administer, as member or developer (never
// above their own role). The mailed link creates the account (whatever the registration policy,
// its email counted as confirmed) or, for an address that has an account, adds the memberships
// once that account is signed in. Revoking, resending (a new key) and expiry end a link.
import { siteLocale } from '../../shared/site-locale.ts';
import type { Actor, UserRole } from '../../auth/policy.ts';
import { generateOpaqueSecret, sha256Hex } from '../../auth/secrets.ts';
import { isoFromNow } from '../../clock.ts';
import type { InvitationRow } from '../../db/types.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Page } from '../../shared/page.ts';
import { checkUserFields } from '../users/fns.ts';
import type { Locale } from '../users/types.ts';
import { INVITATION_TTL_DAYS, invitationState, membershipsJson, parseMemberships, roleAtMost, uniqueMemberships } from './fns.ts';
import type { InvitationState, Membership } from './fns.ts';
import { acceptInvitation } from './accept.ts';
import type { Deps } from './deps.ts';

export type { Deps } from './deps.ts';
import type { AcceptInput, Accepted } from './accept.ts';

export interface Invitation {
  id: number;
  email: string;
  role: UserRole;
  memberships: { appId: number; appName: string | null; role: Membership['role'] }[];
  invitedBy: { id: number; username: string } | null;
  state: InvitationState;
  expiresAt: string;
  acceptedAt: string | null;
  acceptedUserId: number | null;
  revokedAt: string | null;
  createdAt: string;
}

export interface CreateInvitationInput {
  actor: Actor;
  email: string;
  role?: UserRole | undefined;
  memberships?: Membership[] | undefined;
  locale?: Locale | undefined;
}

const NOT_FOUND = 'Invitation not found';
const MAIL_MISSING = 'Invitations are sent by email: set TARMAC_SMTP_URL and TARMAC_MAIL_FROM, restart, then invite';
const notAllowed = (message: string, reason: string) => new ForbiddenError(message, 'invitation.not_allowed', { reason });

export function createInvitationsService(deps: Deps) {
  const { invitationsRepository: repository, usersRepository, settingsService, mailer, clock } = deps;

  async function present(row: InvitationRow, inviterName?: string | null): Promise<Invitation> {
    const memberships = parseMemberships(row.memberships);
    const names = await repository.appNames(memberships.map((m) => m.appId));
    const username = inviterName === undefined ? await repository.usernameOf(row.invited_by) : inviterName;
    return {
      id: row.id, email: row.email, role: row.role,
      memberships: memberships.map((m) => ({ appId: m.appId, appName: names.get(m.appId) ?? null, role: m.role })),
      invitedBy: row.invited_by !== null && username !== null ? { id: row.invited_by, username } : null,
      state: invitationState(row, clock.now()), expiresAt: row.expires_at, acceptedAt: row.accepted_at,
      acceptedUserId: row.accepted_user_id, revokedAt: row.revoked_at, createdAt: row.created_at,
    };
  }

  /** What an app's administrator may see and change: their own invitations and those for their apps. */
  async function scopeOf(actor: Actor): Promise<{ userId: number; appIds: number[] } | undefined> {
    return actor.role === 'admin' ? undefined : { userId: actor.userId, appIds: await repository.appsAdministeredBy(actor.userId) };
  }

  async function loadVisible(actor: Actor, id: number): Promise<InvitationRow> {
    const row = await repository.findById(id);
    const scope = await scopeOf(actor);
    const forTheirApps = (r: InvitationRow) => parseMemberships(r.memberships).some((m) => scope?.appIds.includes(m.appId));
    const visible = row && (!scope || row.invited_by === actor.userId || forTheirApps(row));
    if (!row || !visible) throw new NotFoundError(NOT_FOUND, 'invitation.not_found');
    return row;
  }

  /** The role and memberships this actor may give, or why not. */
  async function checkGrant(actor: Actor, role: UserRole | undefined, memberships: Membership[]): Promise<UserRole> {
    const fallback = await settingsService.get('default_role');
    const given = role ?? (roleAtMost(fallback, actor.role) ? fallback : 'member');
    const apps = await repository.appNames(memberships.map((m) => m.appId));
    if (actor.role === 'admin') {
      const missing = memberships.filter((m) => !apps.has(m.appId)).map((m) => m.appId);
      if (missing.length > 0) throw new ValidationError({ memberships: [`has apps that do not exist: ${missing.join(', ')}`] });
      return given;
    }
    if (given === 'admin' || !roleAtMost(given, actor.role)) {
      throw notAllowed(`You cannot invite someone as ${given}: only as member or developer, at most your own role`, 'role');
    }
    const administered = await repository.appsAdministeredBy(actor.userId);
    if (memberships.length === 0 || memberships.some((m) => !administered.includes(m.appId) || !apps.has(m.appId))) {
      throw notAllowed('You can invite only into apps you administer: choose at least one of them', 'apps');
    }
    return given;
  }

  async function send(row: InvitationRow, key: string): Promise<boolean> {
    const { invitationMail } = await import('../../mail/registration-messages.ts');
    const invitation = await present(row);
    const mail = invitationMail({
      locale: row.locale, inviter: invitation.invitedBy?.username ?? 'Tarmac',
      appNames: invitation.memberships.flatMap((m) => (m.appName === null ? [] : [m.appName])),
      acceptUrl: `${deps.externalUrl}/invitations/accept?key=${encodeURIComponent(key)}`,
      expiresDays: INVITATION_TTL_DAYS, existingAccount: await repository.emailTaken(row.email),
    });
    return (await mailer.send({ to: row.email, ...mail })).ok;
  }

  return {
    async create(input: CreateInvitationInput): Promise<{ invitation: Invitation; mailSent: boolean }> {
      const { actor } = input;
      if (actor.role !== 'admin' && (await repository.appsAdministeredBy(actor.userId)).length === 0) {
        throw notAllowed('Only administrators and app administrators can invite', 'apps');
      }
      const { errors, values } = checkUserFields({ email: input.email }, ['email']);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const email = values.email!;
      const memberships = uniqueMemberships(input.memberships ?? []);
      const role = await checkGrant(actor, input.role, memberships);
      if (memberships.length === 0 && (await usersRepository.findByEmail(email))) {
        throw new ConflictError(`${email} has an account already: add it to apps instead`, 'invitation.account_exists', { email });
      }
      if (!deps.mailConfigured) throw new ConflictError(MAIL_MISSING, 'invitation.mail_not_configured');
      const key = generateOpaqueSecret();
      const row = await repository.insert({
        email, role, memberships: membershipsJson(memberships), invited_by: actor.userId, key_hash: sha256Hex(key),
        locale: input.locale ?? (await siteLocale(deps.defaultLocale)), expires_at: isoFromNow(clock, INVITATION_TTL_DAYS * 86_400_000),
        accepted_at: null, accepted_user_id: null, revoked_at: null, created_at: clock.now(),
      });
      const mailSent = await send(row, key);
      return { invitation: await present(row), mailSent };
    },

    async list(actor: Actor, query: { state?: InvitationState | undefined; page: number; perPage: number }): Promise<Page<Invitation>> {
      const filter = { state: query.state, visibleTo: await scopeOf(actor) };
      const now = clock.now();
      const [rows, total] = await Promise.all([
        repository.list(filter, now, query.perPage, (query.page - 1) * query.perPage),
        repository.count(filter, now),
      ]);
      const items = await Promise.all(rows.map((row) => present(row, row.inviter_username)));
      return { items, total, page: query.page, perPage: query.perPage };
    },

    async revoke(actor: Actor, id: number): Promise<Invitation> {
      const row = await loadVisible(actor, id);
      if (!(await repository.revoke(row.id, clock.now()))) {
        throw new ConflictError('This invitation was accepted or revoked already', 'invitation.finished');
      }
      return present((await repository.findById(row.id))!);
    },

    async resend(actor: Actor, id: number): Promise<{ invitation: Invitation; mailSent: boolean }> {
      const row = await loadVisible(actor, id);
      if (!deps.mailConfigured) throw new ConflictError(MAIL_MISSING, 'invitation.mail_not_configured');
      const key = generateOpaqueSecret();
      const updated = await repository.rekey(row.id, sha256Hex(key), isoFromNow(clock, INVITATION_TTL_DAYS * 86_400_000));
      if (!updated) throw new ConflictError('This invitation was accepted or revoked already', 'invitation.finished');
      const mailSent = await send(updated, key);
      return { invitation: await present(updated), mailSent };
    },

    /** What the accept page shows for a key: 404 when it is unknown, accepted, revoked or expired. */
    async lookup(key: string) {
      const row = key.length > 200 ? undefined : await repository.findOpen(sha256Hex(key), clock.now());
      if (!row) throw new NotFoundError('This invitation is unknown, accepted, revoked or expired', 'invitation.invalid');
      const invitation = await present(row);
      return { invitation, accountExists: await repository.emailTaken(row.email) };
    },

    accept: (input: AcceptInput): Promise<Accepted> => acceptInvitation(deps, input),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
