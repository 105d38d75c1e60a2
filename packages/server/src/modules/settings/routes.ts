// /api/settings: instance-wide settings (administrators), and the public few anyone may read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { authErrors } from '../../http/schemas.ts';
import { PublicSettingsResponse, SettingsResponse, UpdateSettingsBody } from './schemas.ts';
import type { SettingsService } from './service.ts';
import { auditChanges } from './admin-routes.ts';

const tags = ['Settings'];

export const settingsRoutes: FastifyPluginAsyncTypebox<{ settingsService: SettingsService }> = async (app, { settingsService }) => {
  // A non-administrator gets 403 whatever they send, before the body is validated.
  const requireAdmin = async (request: FastifyRequest) => settingsService.assertCanManage(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };

  app.get(
    '/settings',
    {
      ...adminOnly,
      schema: { operationId: 'getSettings', tags, summary: 'Instance settings', description: 'Administrators only.', response: { 200: SettingsResponse, ...authErrors() } },
    },
    async (request) => settingsService.list(actorOf(request)),
  );

  app.put(
    '/settings',
    {
      ...adminOnly,
      schema: {
        operationId: 'updateSettings',
        tags,
        summary: 'Change instance settings',
        description:
          'Administrators only. Send only the settings to change; answers them all. 409 when email confirmation is turned on ' +
          'while no mail server is configured.',
        body: UpdateSettingsBody,
        response: { 200: SettingsResponse, ...authErrors(), 409: Type.Ref('ErrorResponse'), 422: Type.Ref('ValidationErrorResponse') },
      },
    },
    async (request) => {
      const before = await settingsService.all();
      const after = await settingsService.update(actorOf(request), request.body);
      await auditChanges(request, before, after);
      return after;
    },
  );

  app.get(
    '/settings/public',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getPublicSettings',
        tags,
        summary: 'Settings anyone may read',
        description: 'No sign-in needed: who may sign up, for the sign-in and sign-up pages.',
        response: { 200: PublicSettingsResponse },
      },
    },
    async () => settingsService.publicSettings(),
  );
};
