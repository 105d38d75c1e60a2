// /api/apps/{app_id}/collaborators: an app's team. HTTP only; the rules are in service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { MessageResponse, authErrors } from '../../http/schemas.ts';
import { AppIdParams } from '../apps/schemas.ts';
import {
  AddCollaboratorBody,
  CANDIDATES_DEFAULT,
  CandidatesQuery,
  CollaboratorCandidateResponse,
  CollaboratorParams,
  CollaboratorResponse,
  UpdateCollaboratorBody,
  toCollaboratorResponse,
} from './schemas.ts';
import type { CollaboratorsService } from './service.ts';
import type { Collaborator } from './types.ts';

const tags = ['Collaborators'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const conflict = { 409: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

// The route options (what each route takes and answers, and its OpenAPI text), one per route.

const addCollaborator = {
  config,
  schema: {
    operationId: 'addCollaborator',
    tags,
    summary: 'Add a collaborator to an app',
    description:
      "The app's admins only. Name the user by user_id, email or username (the first given wins). 409 when they already collaborate.",
    params: AppIdParams,
    body: AddCollaboratorBody,
    response: { 201: CollaboratorResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const listCollaboratorCandidates = {
  config,
  schema: {
    operationId: 'listCollaboratorCandidates',
    tags,
    summary: 'Find users to add to an app',
    description:
      "The app's admins and global admins only (so that they can add people without the right to list users). Unlocked users who are not on the team yet, named by `q`: a whole email, or the first 3 or more characters of a username (any case); by username, at most `limit` (10 by default). A shorter `q` is a 422: it never lists everyone.",
    params: AppIdParams,
    querystring: CandidatesQuery,
    response: {
      200: Type.Array(CollaboratorCandidateResponse, { description: 'The users that may be added.' }),
      ...authErrors(), ...notFound, ...invalid,
    },
  },
};

const getCollaborator = {
  config,
  schema: {
    operationId: 'getCollaborator',
    tags,
    summary: 'Get a collaborator',
    description: "Any collaborator of the app. 404 when the user is not on the app's team.",
    params: CollaboratorParams,
    response: { 200: CollaboratorResponse, ...authErrors(), ...notFound },
  },
};

const updateCollaborator = {
  config,
  schema: {
    operationId: 'updateCollaborator',
    tags,
    summary: "Change a collaborator's role",
    description: "The app's admins only. The owner stays an admin (409).",
    params: CollaboratorParams,
    body: UpdateCollaboratorBody,
    response: { 200: CollaboratorResponse, ...authErrors(), ...notFound, ...conflict, ...invalid },
  },
};

const removeCollaborator = {
  config,
  schema: {
    operationId: 'removeCollaborator',
    tags,
    summary: 'Remove a collaborator',
    description: "The app's admins only. The owner cannot be removed (409): transfer ownership first.",
    params: CollaboratorParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, ...conflict },
  },
};

/** A collaborator line targets the user; the app is in its details. */
const memberTarget = (collaborator: Collaborator) => ({ type: 'user', id: collaborator.userId, name: collaborator.username });

interface Options {
  collaboratorsService: CollaboratorsService;
}

export const collaboratorsRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { collaboratorsService }) => {
  app.post(
    '/apps/:app_id/collaborators',
    addCollaborator,
    async (request, reply) => {
      const { user_id: userId, email, username, role } = request.body;
      const input = { actor: actorOf(request), appId: request.params.app_id, userId, email, username, role };
      const collaborator = await collaboratorsService.add(input);
      await request.audit('collaborator.add', { target: memberTarget(collaborator), details: { app_id: input.appId, role: collaborator.role } });
      return reply.code(201).send(toCollaboratorResponse(collaborator));
    },
  );

  app.get(
    '/apps/:app_id/collaborators/candidates',
    listCollaboratorCandidates,
    async (request) => {
      const { q, limit } = request.query;
      return collaboratorsService.candidates(actorOf(request), request.params.app_id, q, limit ?? CANDIDATES_DEFAULT);
    },
  );

  app.get(
    '/apps/:app_id/collaborators/:user_id',
    getCollaborator,
    async (request) => {
      const { app_id: appId, user_id: userId } = request.params;
      return toCollaboratorResponse(await collaboratorsService.get(actorOf(request), appId, userId));
    },
  );

  app.put(
    '/apps/:app_id/collaborators/:user_id',
    updateCollaborator,
    async (request) => {
      const { app_id: appId, user_id: userId } = request.params;
      const before = await collaboratorsService.get(actorOf(request), appId, userId);
      const after = await collaboratorsService.update({ actor: actorOf(request), appId, userId, role: request.body.role });
      if (before.role !== after.role) {
        const details = { app_id: appId, role: { from: before.role, to: after.role } };
        await request.audit('collaborator.role_change', { target: memberTarget(after), details });
      }
      return toCollaboratorResponse(after);
    },
  );

  app.delete(
    '/apps/:app_id/collaborators/:user_id',
    removeCollaborator,
    async (request) => {
      const { app_id: appId, user_id: userId } = request.params;
      const collaborator = await collaboratorsService.get(actorOf(request), appId, userId);
      await collaboratorsService.remove(actorOf(request), appId, userId);
      await request.audit('collaborator.remove', { target: memberTarget(collaborator), details: { app_id: appId, role: collaborator.role } });
      return { message: 'OK' as const };
    },
  );
};
