// /api/admin/settings: the settings screen. Every setting with its source and hints, a checked
// change of several (one audit line per changed key), the reset of one, and the check of the
// public URL (this server fetches its own /api/version there).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { authErrors } from '../../http/schemas.ts';
import { iosInstallProblem, publicBase } from '../../http/urls.ts';
import type { BaseUrlConfig } from '../../http/urls.ts';
import { changedKeys, checkChange, checkReset, describeSettings } from './admin.ts';
import { AdminSettingsResponse, CheckUrlResponse, SettingKeyParams, UpdateAdminSettingsBody } from './admin-schemas.ts';
import type { Settings, SettingsService } from './service.ts';
import { checkPublicUrl } from './url-check.ts';

const tags = ['Settings'];

/** One audit line per changed key: the old and the new value (no setting here is a secret). */
export async function auditChanges(request: FastifyRequest, before: Settings, after: Settings): Promise<void> {
  for (const { key, from, to } of changedKeys(before, after)) {
    await request.audit('settings.update', { target: { type: 'setting', id: key, name: key }, details: { from, to } });
  }
}

export const adminSettingsRoutes: FastifyPluginAsyncTypebox<{ settingsService: SettingsService; baseUrl: BaseUrlConfig }> = async (
  app,
  { settingsService, baseUrl },
) => {
  const requireAdmin = async (request: FastifyRequest) => settingsService.assertCanManage(actorOf(request));
  const adminOnly = { config: { auth: 'user' as const }, preValidation: requireAdmin };
  const errors = { ...authErrors(), 409: Type.Ref('ErrorResponse'), 422: Type.Ref('ValidationErrorResponse') };

  app.get(
    '/admin/settings',
    {
      ...adminOnly,
      schema: {
        operationId: 'listAdminSettings',
        tags,
        summary: 'Every setting, with where its value comes from',
        description: 'Administrators only. Each setting: value, default, source (default, environment, saved), whether it can be changed here, hints.',
        response: { 200: AdminSettingsResponse, ...authErrors() },
      },
    },
    async () => ({ settings: await describeSettings(settingsService) }),
  );

  app.put(
    '/admin/settings',
    {
      ...adminOnly,
      schema: {
        operationId: 'updateAdminSettings',
        tags,
        summary: 'Change settings',
        description:
          'Administrators only. Send only the settings to change, `{"key": value}`; nothing is saved unless all are right. 422 names ' +
          'each bad value; 409 for a setting an environment variable holds (`settings.from_environment`) or one changed on its own ' +
          'screen. Applies at once, without a restart; each changed key writes an audit line.',
        body: UpdateAdminSettingsBody,
        response: { 200: AdminSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const changes = checkChange(settingsService, request.body);
      const before = await settingsService.all();
      const after = await settingsService.update(actorOf(request), changes);
      await auditChanges(request, before, after);
      return { settings: await describeSettings(settingsService) };
    },
  );

  app.delete(
    '/admin/settings/:key',
    {
      ...adminOnly,
      schema: {
        operationId: 'resetAdminSetting',
        tags,
        summary: 'Put a setting back to its default',
        description: 'Administrators only. Forgets the saved value; 404 for a key that is not a setting, 409 for one the environment holds.',
        params: SettingKeyParams,
        response: { 200: AdminSettingsResponse, ...errors, 404: Type.Ref('ErrorResponse') },
      },
    },
    async (request) => {
      const key = checkReset(settingsService, request.params.key);
      const before = await settingsService.all();
      await settingsService.reset(key);
      await auditChanges(request, before, await settingsService.all());
      return { settings: await describeSettings(settingsService) };
    },
  );

  app.post(
    '/admin/settings/check-url',
    {
      ...adminOnly,
      schema: {
        operationId: 'checkPublicUrl',
        tags,
        summary: 'Check the public URL',
        description:
          'Administrators only. This server fetches `<public URL>/api/version` (TARMAC_URL, or the address of this request when it is ' +
          'unset) and answers whether it answered, over https, with a certificate it trusts, and whether it is this Tarmac.',
        response: { 200: CheckUrlResponse, ...authErrors() },
      },
    },
    async (request) => {
      const base = publicBase(baseUrl, request);
      return { ...(await checkPublicUrl(base)), configured: baseUrl.externalUrlSet, ios_install_problem: iosInstallProblem(base) };
    },
  );
};
