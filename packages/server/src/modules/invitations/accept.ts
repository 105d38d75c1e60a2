// Accepting an invitation: a new account (the invited email, counted as confirmed; any
// registration policy) or, signed in, the account that has the invited email. Either way the
// memberships are added (apps deleted since are skipped) and the answer points at the first app.
// The invitation is claimed in one statement before the account is made, and given back if
// making it fails, so a refused accept stores nothing and a link works once.
import type { Actor } from '../../auth/policy.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { ConflictError, ForbiddenError, NotFoundError, TAKEN, ValidationError } from '../../errors.ts';
import { checkUserFields } from '../users/fns.ts';
import type { Locale } from '../users/types.ts';
import { parseMemberships } from './fns.ts';
import type { Membership } from './fns.ts';
import type { Deps } from './deps.ts';

export interface AcceptInput {
  key: string;
  /** The signed-in caller, if any: then the invitation goes to their account. */
  actor: Actor | null;
  username?: string | undefined;
  password?: string | undefined;
  locale?: Locale | undefined;
}

export interface Accepted {
  userId: number;
  /** Whether a new account was made (the route signs it in). */
  created: boolean;
  /** The web app's page of the first app the invitation brought, or the dashboard. */
  redirectTo: string;
  /** The invitation's id and address (for the audit line of a signed-in acceptance). */
  invitationId: number;
  email: string;
}

const INVALID = 'This invitation is unknown, accepted, revoked or expired';

async function addMemberships(deps: Deps, userId: number, memberships: Membership[]): Promise<number[]> {
  const { collaboratorsRepository, invitationsRepository, clock } = deps;
  const names = await invitationsRepository.appNames(memberships.map((m) => m.appId));
  const added: number[] = [];
  for (const membership of memberships) {
    if (!names.has(membership.appId)) continue; // deleted since the invitation was sent
    const now = clock.now();
    const held = await collaboratorsRepository.findMembership(membership.appId, userId);
    if (!held) {
      const row = { app_id: membership.appId, user_id: userId, role: membership.role, owner: false, created_at: now, updated_at: now };
      await collaboratorsRepository.insert(row);
    } else if (membership.role === 'admin' || (membership.role === 'developer' && held.role === 'member')) {
      await collaboratorsRepository.updateRole(membership.appId, userId, membership.role, now);
    }
    added.push(membership.appId);
  }
  return added;
}

function redirectOf(appIds: number[]): string {
  return appIds.length > 0 ? `/apps/${appIds[0]}` : '/';
}

export async function acceptInvitation(deps: Deps, input: AcceptInput): Promise<Accepted> {
  const { invitationsRepository: repository, usersRepository, clock } = deps;
  const open = input.key.length > 200 ? undefined : await repository.findOpen(sha256Hex(input.key), clock.now());
  if (!open) throw new NotFoundError(INVALID, 'invitation.invalid');
  const memberships = parseMemberships(open.memberships);

  if (input.actor) {
    const user = await usersRepository.findById(input.actor.userId);
    if (!user || user.email.toLowerCase() !== open.email.toLowerCase()) {
      const message = `This invitation is for ${open.email}: sign in to that account to accept it`;
      throw new ForbiddenError(message, 'invitation.email_mismatch', { email: open.email });
    }
    if (!(await repository.claim(open.id, clock.now()))) throw new NotFoundError(INVALID, 'invitation.invalid');
    await repository.setAcceptedUser(open.id, user.id);
    const redirectTo = redirectOf(await addMemberships(deps, user.id, memberships));
    return { userId: user.id, created: false, redirectTo, invitationId: open.id, email: open.email };
  }

  if (await usersRepository.findByEmail(open.email)) {
    const message = `${open.email} has an account already: sign in to it, then accept the invitation`;
    throw new ConflictError(message, 'invitation.sign_in_required', { email: open.email });
  }
  const fields = { username: input.username ?? '', password: input.password ?? '', email: open.email, locale: input.locale };
  const { errors, values } = checkUserFields(fields, ['username', 'password']);
  if (values.username && (await usersRepository.findByUsername(values.username))) errors.username = [TAKEN];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  if (!(await repository.claim(open.id, clock.now()))) throw new NotFoundError(INVALID, 'invitation.invalid');
  let userId: number;
  try {
    const account = { username: fields.username, email: open.email, password: fields.password, role: open.role };
    userId = (await deps.usersService.createAccount({ ...account, locale: input.locale ?? open.locale })).id;
  } catch (error) {
    await repository.unclaim(open.id);
    throw error;
  }
  await repository.setAcceptedUser(open.id, userId);
  const redirectTo = redirectOf(await addMemberships(deps, userId, memberships));
  return { userId, created: true, redirectTo, invitationId: open.id, email: open.email };
}
