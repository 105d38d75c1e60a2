// Step 3 of buildApp (app.ts), its first two parts: the Fastify instance (request ids, URL
// rewriting, timeouts, validation options) and what every request passes through (shared
// schemas, errors, body checks, cookies, OpenAPI, authentication).
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authPlugin } from '../auth/plugin.ts';
import { auditPlugin } from '../modules/audit/request.ts';
import type { AuditLog } from '../modules/audit/service.ts';
import type { Config } from '../config.ts';
import type { ErrorCode, ErrorParams } from '../errors.ts';
import type { createLogger } from '../logger.ts';
import { sendErrorPage, wantsErrorPage } from '../modules/pages/error-page.ts';
import { sendNotFoundPage, wantsPage } from '../modules/pages/not-found.ts';
import { siteLocaleReader } from '../pages/site-locale.ts';
import { releaseSchemas } from '../modules/releases/schemas.ts';
import type { SettingsService } from '../modules/settings/service.ts';
import type { SessionsService } from '../modules/sessions/service.ts';
import type { TokensService } from '../modules/tokens/service.ts';
import { uploadSchemas } from '../modules/uploads/schemas.ts';
import { readVersionInfo } from '../version.ts';
import { apiDocsPlugin } from './api-docs.ts';
import { committedDocument } from './openapi-document.ts';
import type { DocumentSource, OpenApiDocument } from './openapi-document.ts';
import { bodyGuardPlugin } from './body-guard.ts';
import { errorHandlerPlugin, sendError } from './error-handler.ts';
import { lazyCompilersFactory } from './lazy-compilers.ts';
import { sharedSchemas } from './schemas.ts';
import { textInputPlugin } from './text-input.ts';
import { createPublicUrls, publicBase } from './urls.ts';
import type { PublicUrls } from './urls.ts';

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;
/** Paths whose `.json` is part of the name, not Zealot's optional format suffix. */
const JSON_NAMED_PATHS = new Set(['/api/health.json', '/api/openapi.json']);

/** The services sign-in reads on every request. */
interface SignInServices {
  tokensService: TokensService;
  sessionsService: SessionsService;
  settingsService: Pick<SettingsService, 'get'>;
  auditLog: AuditLog;
}

export type HttpServer = ReturnType<typeof createHttpServer>;

/** Step 3a: the Fastify instance: request ids, URL rewriting, timeouts, validation options. */
export function createHttpServer(config: Config, logger: ReturnType<typeof createLogger>) {
  return Fastify({
    loggerInstance: logger,
    // Fastify takes a hop count too, though its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    // A request's headers must arrive in time (checked every second); bodies are paced by http/body-guard.ts.
    http: { headersTimeout: config.headersTimeoutSeconds * 1000, requestTimeout: 0, connectionsCheckingInterval: 1000 },
    requestIdHeader: false,
    genReqId(request) {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Repeated slashes are one (the Android SDK sends `//api/apps/latest` when its endpoint
    // ends in `/`), so every check on request.url sees the path the router matched; and
    // Zealot's routes accept an optional `.json` suffix (`/api/apps/latest.json`).
    rewriteUrl(request) {
      const url = request.url ?? '/';
      const question = url.indexOf('?');
      const query = question === -1 ? '' : url.slice(question);
      const pathname = (question === -1 ? url : url.slice(0, question)).replace(/\/{2,}/g, '/');
      if (pathname.startsWith('/api/') && pathname.endsWith('.json') && !JSON_NAMED_PATHS.has(pathname)) {
        return pathname.slice(0, -'.json'.length) + query;
      }
      return pathname + query;
    },
    schemaController: { compilersFactory: lazyCompilersFactory() },
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
    // The router's own refusals (a path whose %-escapes are not UTF-8) in our error shape.
    frameworkErrors(error, _request, reply) {
      const message =
        error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: its path has a %-escape that is not UTF-8 text' : 'Bad request';
      void sendError(reply, 400, message, error.code === 'FST_ERR_BAD_URL' ? 'request.bad_url' : 'request.bad');
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
}

const API_DESCRIPTION =
  'Tarmac distributes beta builds. ' +
  'Authenticate with a personal access token as the `token` query or form field, or `Authorization: Bearer`. ' +
  'Errors are `{"error": "…"}`; 422 adds `details` per field. Lists are JSON arrays with totals in the X-Total-Count and Link headers.';

/** Step 3b: what every request passes through: shared schemas, errors, body checks, cookies, OpenAPI, authentication. */
export async function registerPlugins(
  app: HttpServer,
  config: Config,
  services: SignInServices,
  liveOpenApi: boolean,
): Promise<DocumentSource> {
  for (const schema of [...sharedSchemas, ...releaseSchemas, ...uploadSchemas]) app.addSchema(schema);

  // request.urls: links built from TARMAC_URL or the request's (trusted) address, made on first use.
  const urlsOf = new WeakMap<object, PublicUrls>();
  app.decorateRequest('urls', {
    getter(this: Parameters<typeof publicBase>[1]) {
      let urls = urlsOf.get(this);
      if (!urls) urlsOf.set(this, (urls = createPublicUrls(publicBase(config, this))));
      return urls;
    },
  });

  // A browser opening a public link that leads nowhere gets the install pages' not-found page.
  // Its language when the visitor asks for none: the default_locale setting as the request comes.
  const siteLocale = siteLocaleReader(() => services.settingsService.get('default_locale'), config.defaultLocale);
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    wantsPage(request) ? siteLocale(request).then((locale) => sendNotFoundPage(request, reply, locale)) : undefined;
  // Any other refusal of a browser's request outside /api (the password form …) is a page too.
  const errorPage = (request: FastifyRequest, reply: FastifyReply, answer: { status: number; code: ErrorCode; params: ErrorParams }) =>
    wantsErrorPage(request) ? siteLocale(request).then((locale) => sendErrorPage(request, reply, answer, locale)) : undefined;
  await app.register(errorHandlerPlugin, { notFoundPage, errorPage });
  // A NUL or lone surrogate in any query, path or body field is a 422, once, before any route.
  await app.register(textInputPlugin);
  await app.register(bodyGuardPlugin, { limits: config.body });
  await app.register(cookie);
  await app.register(formbody);
  // The OpenAPI document: from the route schemas (`npm run api`), or the committed one (http/openapi-document.ts).
  const version = readVersionInfo(config.build).version;
  const live = () => app.swagger() as unknown as OpenApiDocument;
  const document: DocumentSource = liveOpenApi ? live : committedDocument(config.externalUrl, version);
  if (liveOpenApi) await registerSwagger(app, config, version);
  await app.register(apiDocsPlugin, { document });
  await app.register(authPlugin, {
    tokensService: services.tokensService,
    sessionsService: services.sessionsService,
    secureCookies: config.externalUrl.startsWith('https:'),
    twoFactorRequired: () => services.settingsService.get('two_factor_required'),
  });
  // request.audit(): an audit line with the request's actor and origin (modules/audit).
  await app.register(auditPlugin, { auditLog: services.auditLog });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate');
    }
    return payload;
  });
  return document;
}

/** @fastify/swagger, which makes the document from the route schemas as they register (`npm run api` only). */
async function registerSwagger(app: HttpServer, config: Config, version: string): Promise<void> {
  const { default: swagger } = await import('@fastify/swagger');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tarmac API', version, description: API_DESCRIPTION },
      servers: [{ url: config.externalUrl }],
      components: {
        securitySchemes: {
          tokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ tokenQuery: [] }, { bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    hideUntagged: true,
  });
}

