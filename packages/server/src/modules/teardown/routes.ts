// POST /api/teardown: upload a file to see what Tarmac reads in it, without creating a
// release. The body streams to a temporary file (uploads/receive.ts, with the same size
// limit as builds), the parser reads it, and the file is removed on every path.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actorOf } from '../../auth/plugin.ts';
import { authErrors, bodyErrors } from '../../http/schemas.ts';
import { receiveSingleFile } from '../uploads/single-file.ts';
import type { TeardownService } from './service.ts';

interface Options {
  teardownService: TeardownService;
  /** Where the upload is written while it is read. */
  tempDir: string;
  maxUploadBytes: number;
}

export const teardownRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { teardownService, tempDir, maxUploadBytes }) => {
  app.post(
    '/teardown',
    {
      config: { auth: 'user' },
      preValidation: async (request: FastifyRequest) => teardownService.assertCanInspect(actorOf(request)),
      // The body is a stream read by the handler; the schema only documents it.
      validatorCompiler: () => () => true,
      schema: {
        operationId: 'teardownFile',
        tags: ['Teardown'],
        summary: 'Inspect an app or debug file',
        description:
          'multipart/form-data with the file in `file`: any package Tarmac reads (ipa, apk, aab, hap, app, macOS app, dmg, pkg, exe, zipped Windows app folder, msix, ' +
          'msi, deb, rpm, AppImage), a debug file (zipped dSYM, Proguard mapping) or a provisioning profile. Answers what the parser reads, ' +
          'the same JSON as the `appinfo` command; nothing is stored. An unreadable file is 422 with the reason (details.file starts with ' +
          "the parser's error code); a file over TARMAC_MAX_UPLOAD_BYTES is 413.",
        consumes: ['multipart/form-data'],
        body: Type.Object({
          file: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The file to inspect.' }),
        }),
        response: {
          200: Type.Object(
            {
              format: Type.String({ description: 'ipa, apk, aab, hap, harmony_app, macos_app, dmg, pkg, exe, windows_app, msix, msi, deb, rpm, appimage, dsym, proguard or mobileprovision.' }),
              platform: Type.String({ description: 'ios, android, harmonyos, macos, windows or linux.' }),
              bundle_id: Type.Union([Type.String(), Type.Null()]),
              size: Type.Integer({ description: 'File size in bytes.' }),
              details: Type.Record(Type.String(), Type.Unknown(), { description: 'What the format holds: signing, permissions, profile, symbols …' }),
            },
            { additionalProperties: true, description: "The parser's reading of the file; see the appinfo package for every field." },
          ),
          ...authErrors(),
          ...bodyErrors(),
          422: Type.Ref('ValidationErrorResponse'),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return receiveSingleFile(request, reply, { tempDir, maxBytes: maxUploadBytes }, (file) => teardownService.inspect(actor, file.path));
    },
  );
};
