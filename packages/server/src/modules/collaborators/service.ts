// The rules for an app's team: collaborator admins add, re-role and remove collaborators;
// every collaborator may look one up. The owner stays an admin and cannot be removed: the
// way out is a transfer (apps service). Collaborators can be managed on archived apps too,
// so an archived app can still be handed over or cleaned up.
import type { Actor } from '../../auth/policy.ts';
import type { Clock } from '../../clock.ts';
import type { UserRow } from '../../db/types.ts';
import { ConflictError, fieldIssue, NotFoundError, RECORD_NOT_FOUND, ValidationError } from '../../errors.ts';
import type { AppsRepository } from '../apps/repository.ts';
import type { UsersRepository } from '../users/repository.ts';
import { assertOnApp, toMembership } from './fns.ts';
import type { CollaboratorUserRow, CollaboratorsRepository } from './repository.ts';
import type { AddCollaboratorInput, Collaborator, CollaboratorCandidate, UpdateCollaboratorInput } from './types.ts';


/** The shortest username prefix candidates are searched by. */
export const CANDIDATE_QUERY_MIN = 3;
const CANDIDATE_QUERY_SHORT = `is too short (minimum is ${CANDIDATE_QUERY_MIN} characters): type the start of a username, or a whole email`;
export function toCollaborator(row: CollaboratorUserRow): Collaborator {
  return { userId: row.user_id, username: row.username, email: row.email, role: row.role, owner: Boolean(row.owner) };
}

export const OWNER_STAYS_ADMIN = "The app's owner must stay an admin; transfer ownership to someone else first";
export const OWNER_STAYS = "The app's owner cannot be removed; transfer ownership to someone else first";

interface Deps {
  collaboratorsRepository: CollaboratorsRepository;
  appsRepository: Pick<AppsRepository, 'findById'>;
  usersRepository: Pick<UsersRepository, 'findById' | 'findByEmail' | 'findByUsername'>;
  /** The time written into rows (app.ts gives every service the same one). */
  clock: Clock;
}

export function createCollaboratorsService({ collaboratorsRepository, appsRepository, usersRepository, clock }: Deps) {
  async function authorize(actor: Actor, appId: number, action: Parameters<typeof assertOnApp>[2]): Promise<void> {
    assertOnApp(actor, toMembership(await collaboratorsRepository.findMembership(appId, actor.userId)), action);
  }

  async function load(appId: number, userId: number): Promise<CollaboratorUserRow> {
    const row = await collaboratorsRepository.find(appId, userId);
    if (!row) throw new NotFoundError(RECORD_NOT_FOUND, 'collaborator.not_found');
    return row;
  }

  /** The user the input names, by id, else email, else username; 422 on the field used when none matches. */
  async function findUser(input: AddCollaboratorInput): Promise<UserRow> {
    if (input.userId !== undefined) {
      const user = await usersRepository.findById(input.userId);
      if (!user) throw new ValidationError({ user_id: [fieldIssue('no_match', `does not match any user (got ${input.userId})`, { value: input.userId })] });
      return user;
    }
    const email = input.email?.trim();
    if (email) {
      const user = await usersRepository.findByEmail(email);
      if (!user) throw new ValidationError({ email: [fieldIssue('no_match', `does not match any user (got "${email}")`, { value: email })] });
      return user;
    }
    const username = input.username?.trim();
    if (username) {
      const user = await usersRepository.findByUsername(username);
      if (!user) throw new ValidationError({ username: [fieldIssue('no_match', `does not match any user (got "${username}")`, { value: username })] });
      return user;
    }
    throw new ValidationError({ user_id: [fieldIssue('required', 'is required: name the user by user_id, email or username')] });
  }

  return {
    async add(input: AddCollaboratorInput): Promise<Collaborator> {
      await authorize(input.actor, input.appId, 'collaborator:manage');
      if (!(await appsRepository.findById(input.appId))) throw new NotFoundError(RECORD_NOT_FOUND, 'collaborator.not_found');
      const user = await findUser(input);
      const already = () => new ConflictError(`${user.username} is already a collaborator of this app; change their role with PUT instead`, 'collaborator.exists', {
          username: user.username,
        });
      if (await collaboratorsRepository.find(input.appId, user.id)) throw already();
      const timestamp = clock.now();
      try {
        await collaboratorsRepository.insert({
          app_id: input.appId,
          user_id: user.id,
          role: input.role,
          owner: false,
          created_at: timestamp,
          updated_at: timestamp,
        });
      } catch (error) {
        // Two requests added the same user at once; the unique index decided.
        if (await collaboratorsRepository.find(input.appId, user.id)) throw already();
        throw error;
      }
      return toCollaborator(await load(input.appId, user.id));
    },

    /**
     * Users the app's admins may add: unlocked, not on the team yet, named by their exact email
     * or the first CANDIDATE_QUERY_MIN or more characters of their username. Only for those who
     * manage the team, and never a list of everyone, so no one can walk the user list.
     */
    async candidates(actor: Actor, appId: number, query: string | undefined, limit: number): Promise<CollaboratorCandidate[]> {
      await authorize(actor, appId, 'collaborator:manage');
      if (!(await appsRepository.findById(appId))) throw new NotFoundError(RECORD_NOT_FOUND, 'collaborator.not_found');
      const q = query?.trim() ?? '';
      if (q.length < CANDIDATE_QUERY_MIN) throw new ValidationError({ q: [fieldIssue('too_short', CANDIDATE_QUERY_SHORT, { min: CANDIDATE_QUERY_MIN })] });
      return collaboratorsRepository.candidates(appId, q.includes('@') ? { email: q } : { usernamePrefix: q }, limit);
    },

    async get(actor: Actor, appId: number, userId: number): Promise<Collaborator> {
      await authorize(actor, appId, 'app:read');
      return toCollaborator(await load(appId, userId));
    },

    async update(input: UpdateCollaboratorInput): Promise<Collaborator> {
      await authorize(input.actor, input.appId, 'collaborator:manage');
      const row = await load(input.appId, input.userId);
      if (row.owner && input.role !== 'admin') throw new ConflictError(OWNER_STAYS_ADMIN, 'collaborator.owner_stays_admin');
      if (!(await collaboratorsRepository.updateRole(input.appId, input.userId, input.role, clock.now()))) {
        // Removed, or made the owner by a transfer, since `load`.
        await load(input.appId, input.userId);
        throw new ConflictError(OWNER_STAYS_ADMIN, 'collaborator.owner_stays_admin');
      }
      return toCollaborator(await load(input.appId, input.userId));
    },

    async remove(actor: Actor, appId: number, userId: number): Promise<void> {
      await authorize(actor, appId, 'collaborator:manage');
      const row = await load(appId, userId);
      if (row.owner) throw new ConflictError(OWNER_STAYS, 'collaborator.owner_stays');
      if (!(await collaboratorsRepository.deleteUnlessOwner(appId, userId))) {
        await load(appId, userId);
        throw new ConflictError(OWNER_STAYS, 'collaborator.owner_stays');
      }
    },
  };
}

export type CollaboratorsService = ReturnType<typeof createCollaboratorsService>;
