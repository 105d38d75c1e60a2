// /udid (public pages and the iOS profile service) and /api/devices (the team's device list).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { actorOf } from '../../auth/plugin.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { IdParams, MessageResponse, authErrors } from '../../http/schemas.ts';
import { iosInstallProblem } from '../../http/urls.ts';
import { sendPage } from '../../pages/layout.ts';
import { pageLocale } from '../../pages/locale.ts';
import type { PageLocale } from '../../pages/locale.ts';
import { siteLocaleOfRequests } from '../../pages/site-locale.ts';
import type { SiteLocale } from '../../pages/site-locale.ts';
import { callerOf } from '../access/http.ts';
import { CallbackError } from './answer.ts';
import { visitorDevice } from './user-agent.ts';
import { BUILDS_CSS, DATES_SCRIPT } from './builds-view.ts';
import type { DeviceBuild } from './types.ts';
import { pageNumber } from '../pages/fns.ts';
import { RESULT_SCRIPT, START_SCRIPT, UDID_CSS, profileTexts, publicResultPage, resultPage, startPage, unknownDevicePage } from './pages.ts';
import { DeviceResponse, ListDevicesQuery, LookupDevicesBody, SyncDeviceBody, SyncDeviceParams, UpdateDeviceBody, toDeviceResponse } from './schemas.ts';
import type { DevicesService } from './service.ts';
import { qrSvgMarkup } from '../qrcodes/render.ts';

/** The device page's CSS and script: the UDID card's, and the builds card's. */
const RESULT_CSS = UDID_CSS + BUILDS_CSS;
const RESULT_PAGE_SCRIPT = RESULT_SCRIPT + DATES_SCRIPT;

/** A device's signed answer is a few kilobytes; anything far larger is not one. */
export const CALLBACK_BODY_LIMIT = 64 * 1024;

interface UdidOptions {
  devicesService: DevicesService;
  /** The pages' language when the visitor asks for none: TARMAC_DEFAULT_LOCALE, or siteLocale's answer when given. */
  defaultLocale: PageLocale;
  /** The default_locale setting as each request comes (a change applies without a restart). */
  siteLocale?: SiteLocale;
  /** Device answers per client address (TARMAC_UDID_REGISTRATIONS_PER_HOUR): every answer counts, accepted or not. */
  registrations: AttemptLimiter;
}

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function plain(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message + '\n');
}

export const udidRoutes: FastifyPluginAsync<UdidOptions> = async (app, { devicesService, defaultLocale, siteLocale, registrations }) => {
  // The QR code of the /udid address per base URL: few bases exist, so a small memo is enough.
  const qrCache = new Map<string, string>();
  async function qrSvg(url: string): Promise<string> {
    let svg = qrCache.get(url);
    if (svg === undefined) {
      svg = await qrSvgMarkup(url);
      if (qrCache.size < 16) qrCache.set(url, svg);
    }
    return svg;
  }
  const siteLocaleOf = siteLocale ? siteLocaleOfRequests(app, siteLocale, defaultLocale) : () => defaultLocale;
  const localeOf = (request: FastifyRequest) => pageLocale(queryValue(request, 'lang'), request.headers['accept-language'], siteLocaleOf(request));
  const langQuery = (request: FastifyRequest) => {
    const asked = queryValue(request, 'lang');
    return asked === undefined ? '' : `?lang=${encodeURIComponent(localeOf(request))}`;
  };

  app.get('/udid', { config: { auth: 'public' } }, async (request, reply) => {
    const locale = localeOf(request);
    const base = request.urls.base;
    const pageUrl = `${base}/udid`;
    const page = startPage({
      locale,
      visitor: visitorDevice(request.headers['user-agent']),
      pageUrl,
      installUrl: `${base}/udid/install${langQuery(request)}`,
      problem: iosInstallProblem(base),
      base,
      qrSvg: await qrSvg(pageUrl),
    });
    return sendPage(reply, { locale, title: page.title, body: page.body, css: UDID_CSS, script: START_SCRIPT });
  });

  app.get('/udid/install', { config: { auth: 'public' } }, async (request, reply) => {
    const base = request.urls.base;
    const xml = devicesService.profileServiceConfig(`${base}/udid/retrieve`, profileTexts(localeOf(request), new URL(base).host));
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    const preview = queryValue(request, 'preview');
    if (preview === '1' || preview === 'true') {
      return reply.type('text/xml; charset=utf-8').header('content-security-policy', "default-src 'none'").send(xml);
    }
    return reply
      .type('application/x-apple-aspen-config')
      .header('content-disposition', 'attachment; filename="tarmac-udid.mobileconfig"')
      .send(xml);
  });

  app.get<{ Params: { udid: string } }>('/udid/:udid', { config: { auth: 'optional' } }, async (request, reply) => {
    const locale = localeOf(request);
    const startUrl = `${request.urls.base}/udid`;
    reply.header('x-robots-tag', 'noindex');
    const result = await devicesService.page(request.auth, request.params.udid, (channelId) => callerOf(request, channelId), pageNumber(queryValue(request, 'page')));
    if (!result) {
      const page = unknownDevicePage(locale, startUrl);
      return sendPage(reply, { locale, title: page.title, body: page.body, css: UDID_CSS }, 404);
    }
    // A language asked for with ?lang= goes along to the other pages and the builds' pages.
    const asked = queryValue(request, 'lang');
    const lang = asked === 'en' || asked === 'zh-CN' ? asked : undefined;
    const builds = {
      builds: result.builds,
      buildUrl: (build: DeviceBuild) => request.urls.release(build.channelSlug, build.releaseId) + (lang ? `?lang=${lang}` : ''),
      pageUrl: (page: number) => {
        const query = new URLSearchParams();
        if (lang) query.set('lang', lang);
        if (page > 1) query.set('page', String(page));
        const text = query.toString();
        return `/udid/${encodeURIComponent(result.device.udid)}${text ? `?${text}` : ''}`;
      },
    };
    const page =
      result.view === 'team'
        ? resultPage({ locale, device: result.device, builds, startUrl })
        : publicResultPage({
            locale,
            device: result.device,
            builds,
            startUrl,
            teamListUrl: `${request.urls.base}/devices?q=${encodeURIComponent(result.device.udid)}`,
          });
    return sendPage(reply, { locale, title: page.title, body: page.body, css: RESULT_CSS, script: RESULT_PAGE_SCRIPT });
  });

  // The device's callback, in its own scope: whatever the content type (iOS sends
  // application/pkcs7-signature), the body is read raw, up to CALLBACK_BODY_LIMIT.
  await app.register(async (callback) => {
    callback.removeAllContentTypeParsers();
    callback.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    callback.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return plain(reply, 413, `The body is larger than ${CALLBACK_BODY_LIMIT / 1024} KiB: a device answer is a few kilobytes`);
      }
      const status = error.statusCode;
      if (status !== undefined && status >= 400 && status < 500) return plain(reply, status, error.message);
      throw error;
    });

    // Every answer counts against its address, accepted or not, and is refused before its
    // body is read once the address has sent its hourly share.
    callback.addHook('onRequest', async (request, reply) => {
      const wait = await registrations.retryAfter(request.ip);
      if (wait > 0) {
        request.log.info('UDID callback refused: too many from this address');
        return plain(reply.header('retry-after', String(wait)), 429, `Too many device answers from this address: try again in ${wait} seconds`);
      }
      await registrations.fail(request.ip);
    });

    callback.post('/udid/retrieve', { config: { auth: 'public' } }, async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        return plain(reply, 400, 'The body is empty: an iPhone or iPad posts its signed attributes here after installing the profile from /udid');
      }
      try {
        const { device, outcome } = await devicesService.receiveCallback(body);
        if (outcome === 'stored') request.log.info({ deviceId: device.id }, 'device registered its UDID');
        else request.log.warn({ deviceId: device.id }, 'UDID callback signed by another certificate than the device\'s first answer: stored details kept');
        // iOS follows only a 301 from the profile service, to show the page in Safari.
        return reply.redirect(`${request.urls.base}/udid/${encodeURIComponent(device.udid)}`, 301);
      } catch (error) {
        if (!(error instanceof CallbackError)) throw error;
        request.log.info({ reason: error.message }, 'UDID callback refused');
        return plain(reply, 400, error.message);
      }
    });
  });
};

const tags = ['Devices'];
const config = { auth: 'user' as const };
const notFound = { 404: Type.Ref('ErrorResponse') };
const invalid = { 422: Type.Ref('ValidationErrorResponse') };

// The route options (what each route takes and answers, and its OpenAPI text), one per route.

const listDevices = {
  config,
  schema: {
    operationId: 'listDevices',
    tags,
    summary: 'List registered iOS devices',
    description:
      'Devices that sent their UDID through /udid, most recently updated first. Any signed-in user. A plain array; totals are in the X-Total-Count, X-Total-Pages and Link headers.',
    querystring: ListDevicesQuery,
    response: { 200: Type.Array(DeviceResponse, { description: 'One page of devices.' }), ...authErrors(), ...invalid },
  },
};

const lookupDevices = {
  config,
  schema: {
    operationId: 'lookupDevices',
    tags,
    summary: 'Find the registered devices among UDIDs',
    description:
      "The registered devices among the UDIDs sent (a provisioning profile's device list), so a build's devices show the team's names; " +
      'a UDID not registered is left out. One query whatever the count. Any signed-in user (as the device list). A value that is not a UDID is 422.',
    body: LookupDevicesBody,
    response: { 200: Type.Array(DeviceResponse, { description: 'The registered devices among them, by UDID.' }), ...authErrors(), ...invalid },
  },
};

const getDevice = {
  config,
  schema: {
    operationId: 'getDevice',
    tags,
    summary: 'Get a registered iOS device',
    description: 'Any signed-in user.',
    params: IdParams,
    response: { 200: DeviceResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

const updateDevice = {
  config,
  schema: {
    operationId: 'updateDevice',
    tags,
    summary: 'Rename a registered iOS device',
    description: 'Global developers and administrators. The name is trimmed; an empty string clears it.',
    params: IdParams,
    body: UpdateDeviceBody,
    response: { 200: DeviceResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

const syncDevice = {
  config,
  schema: {
    operationId: 'syncDevice',
    tags,
    summary: 'Create or update a device from the Apple developer account',
    description:
      "What fastlane's zealot_sync_devices sends for each device of the Apple account (form-encoded or JSON). Finds the device by UDID or creates it (source `sync`); answers 200 with the device either way. A stored device keeps its source and what it reported through /udid, and takes the name, model, platform and status the sync gives; an empty or absent field keeps the stored value. The same sync again changes nothing. Global developers and administrators.",
    params: SyncDeviceParams,
    body: SyncDeviceBody,
    response: { 200: DeviceResponse, ...authErrors(), ...invalid },
  },
};

const deleteDevice = {
  config,
  schema: {
    operationId: 'deleteDevice',
    tags,
    summary: 'Delete a registered iOS device',
    description: 'Global administrators. The device can register again through /udid.',
    params: IdParams,
    response: { 200: MessageResponse, ...authErrors(), ...notFound, ...invalid },
  },
};

export const devicesRoutes: FastifyPluginAsyncTypebox<{ devicesService: DevicesService }> = async (app, { devicesService }) => {
  // Asked before validation and lookup: a caller without the right gets 403 whatever they send.
  const allowed = (action: 'devices:update' | 'devices:sync' | 'devices:delete') => async (request: FastifyRequest) => devicesService.assertCan(actorOf(request), action);

  app.get(
    '/devices',
    listDevices,
    async (request, reply) => {
      const { page, perPage } = pageParams(request.query);
      const result = await devicesService.list({ actor: actorOf(request), page, perPage, query: request.query.q });
      setPaginationHeaders(request, reply, result);
      return result.items.map(toDeviceResponse);
    },
  );

  app.post('/devices/lookup', lookupDevices, async (request) => {
    const devices = await devicesService.lookup(actorOf(request), request.body.udids);
    return devices.map(toDeviceResponse);
  });

  app.get(
    '/devices/:id',
    getDevice,
    async (request) => toDeviceResponse(await devicesService.get(actorOf(request), request.params.id)),
  );

  app.patch(
    '/devices/:id',
    { preValidation: allowed('devices:update'), ...updateDevice },
    async (request) => {
      const input = { actor: actorOf(request), id: request.params.id, name: request.body.name };
      return toDeviceResponse(await devicesService.rename(input));
    },
  );

  // Zealot's PUT /api/devices/:udid, which fastlane's zealot_sync_devices sends for every
  // device of the Apple developer account (form-encoded token, name, model): find or create
  // by UDID, answer 200 with the device whether it was new or not.
  app.put(
    '/devices/:udid',
    { preValidation: allowed('devices:sync'), ...syncDevice },
    async (request) => {
      const { device, outcome } = await devicesService.sync({ actor: actorOf(request), udid: request.params.udid, ...request.body });
      if (outcome !== 'unchanged') request.log.info({ deviceId: device.id, outcome }, 'device synced from the Apple developer account');
      return toDeviceResponse(device);
    },
  );

  app.delete(
    '/devices/:id',
    { preValidation: allowed('devices:delete'), ...deleteDevice },
    async (request) => {
      await devicesService.remove(actorOf(request), request.params.id);
      return { message: 'OK' as const };
    },
  );
};
