// The public install pages, server-rendered:
//   GET  /<slug>                           the channel's newest build (a stable "latest" link)
//   GET  /<slug>/<id>                      one build
//   GET  /channels/<slug>[/releases[/<id>]] Zealot's longer paths → 301 to the short ones
//   POST /<slug>/unlock                    the password form: sets the grant cookie, 303 back
// A build id not in the channel that Zealot's build of that id became (an import remapped it) is a
// 301 to that build's page (modules/zealot-links); Tarmac's own build of the id always wins.
// A guarded channel shows the password form (401) until the visitor has access (decideFor):
// nothing of the build, not even its icon, QR code or links, is in that page. Unknown slugs and
// builds get a 404 page explaining why a link can stop working.
import type { AttemptLimiter } from '../../auth/attempts.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { iosInstallProblem } from '../../http/urls.ts';
import { sendPage } from '../../pages/layout.ts';
import { pageLocale } from '../../pages/locale.ts';
import type { PageLocale } from '../../pages/locale.ts';
import type { ReleaseRow } from '../../db/types.ts';
import { decideFor, linkGrant, setGrantCookie } from '../access/http.ts';
import type { AccessService, PublicChannel } from '../access/service.ts';
import { RESERVED_SLUGS } from '../channels/fns.ts';
import { inlineQrSvg } from '../qrcodes/render.ts';
import type { Clock } from '../../clock.ts';
import { canonicalUdid } from '../devices/udid.ts';
import { installability, osVersionOf } from '../releases/installability.ts';
import type { InstallFacts, Visitor } from '../releases/installability.ts';
import { commitUrl, detectDevice, installAction, pageNumber, safeBackPath, sameAction } from './fns.ts';
import { translator } from './messages.ts';
import { subscribeSection } from '../subscribers/page-views.ts';
import type { PagesService } from './service.ts';
import type { ZealotLinks } from '../zealot-links/service.ts';
import { PAGE_CSS, PAGE_SCRIPT, emptyChannelView, notFoundView, passwordView, releaseView } from './views.ts';
import type { Frame, View } from './views.ts';

interface Options {
  pagesService: PagesService;
  accessService: AccessService;
  defaultLocale: PageLocale;
  /** Failed channel passwords per client address and channel (auth/attempts.ts). */
  unlockAttempts?: AttemptLimiter;
  /** The time profiles and certificates expire against. */
  clock: Pick<Clock, 'nowMs'>;
  /** Whether pages offer "new builds by email" (mail is configured: modules/subscribers). */
  subscribeForm?: boolean;
  /** Where a Zealot build id an import remapped went. */
  zealotLinks?: Pick<ZealotLinks, 'movedRelease' | 'channelByParam'>;
  /** The settings pages use (site_title, in_app_browsers), read per request: a change shows at once. */
  pageSettings?: () => Promise<PageSettings>;
}

export interface PageSettings {
  siteTitle: string;
  inAppBrowsers: readonly string[];
  /** The default_locale setting: the language of a reader who names none (no ?lang=, no Accept-Language match). */
  defaultLocale?: PageLocale;
}

type Query = Record<string, unknown>;

const config = { auth: 'optional' as const };
const ID_PATTERN = /^[1-9]\d{0,11}$/;

const firstString = (value: unknown): string | undefined => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

/** `path?query` keeping only the parameters a page link carries along. */
function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The path (and query) of an absolute link on our own base, for resources the page loads itself. */
function sameSitePath(absolute: string): string {
  const url = new URL(absolute);
  return url.pathname + url.search;
}

/** The request's query, with its `?`: redirects keep it (grant, lang). */
function queryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
}

export const pagesRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { pagesService, accessService, defaultLocale, unlockAttempts, clock } = options;
  const settingsOf = new WeakMap<FastifyRequest, PageSettings>();
  if (options.pageSettings) {
    const read = options.pageSettings;
    // Cosmetic settings: a page whose settings cannot be read is still served, with the defaults
    // (a channel that does not exist is still a 404, not the settings' failure).
    app.addHook('preHandler', async (request) => {
      try {
        settingsOf.set(request, await read());
      } catch (error) {
        request.log.warn({ err: error }, 'page settings could not be read; the defaults apply');
      }
    });
  }
  const subscribeOf = (frame: Frame, request: FastifyRequest, channel: PublicChannel) =>
    options.subscribeForm && !channel.app_archived
      ? subscribeSection(frame, { action: `/${encodeURIComponent(channel.slug)}/subscribe`, grant: linkGrant(accessService, request, channel) })
      : undefined;
  function frameOf(request: FastifyRequest, path: string, keep: Record<string, string | undefined> = {}): Frame {
    const query = request.query as Query;
    const locale = pageLocale(firstString(query.lang), request.headers['accept-language'], settingsOf.get(request)?.defaultLocale ?? defaultLocale);
    const siteTitle = settingsOf.get(request)?.siteTitle;
    const switchHref = withQuery(path, { ...keep, lang: locale === 'en' ? 'zh-CN' : 'en' });
    return { locale, t: translator(locale), switchHref, ...(siteTitle === undefined ? {} : { siteTitle }) };
  }

  function show(reply: FastifyReply, frame: Frame, view: View, status = 200, withScript = false): FastifyReply {
    const script = withScript ? { script: PAGE_SCRIPT } : {};
    const title = frame.siteTitle === undefined ? view.title : `${view.title} · ${frame.siteTitle}`;
    return sendPage(reply, { locale: frame.locale, title, body: view.body, css: PAGE_CSS, ...script }, status);
  }

  const notFound = (reply: FastifyReply, frame: Frame) => show(reply, frame, notFoundView(frame), 404);

  function passwordForm(request: FastifyRequest, reply: FastifyReply, frame: Frame, channel: PublicChannel, wrong = false, back?: string) {
    const action = `/${encodeURIComponent(channel.slug)}/unlock`;
    const target = back ?? safeBackPath(request.url) ?? `/${encodeURIComponent(channel.slug)}`;
    return show(reply, frame, passwordView(frame, { action, back: target, wrong }), wrong ? 422 : 401);
  }

  /** Paths of the server and the web app that `/:slug` would otherwise swallow: their own 404. */
  const reserved = (slug: string) => RESERVED_SLUGS.has(slug.toLowerCase());

  async function releasePage(
    request: FastifyRequest,
    reply: FastifyReply,
    channel: PublicChannel,
    release: ReleaseRow,
    path: string,
    pageUrl: string,
  ) {
    const query = request.query as Query;
    const urls = request.urls;
    const slug = channel.slug;
    // Links to the channel's other pages carry a `grant` the visitor came with, so a shared
    // link keeps working page after page; install and file links always carry one (the iOS
    // installer sends no cookie).
    const queryGrant = firstString(query.grant);
    const keepGrant = accessService.heldGrant(channel, [queryGrant]);
    const lang = firstString(query.lang);
    const keep = { lang: lang === 'en' || lang === 'zh-CN' ? lang : undefined, grant: keepGrant };
    const grant = linkGrant(accessService, request, channel);
    const builds = await pagesService.builds(channel, pageNumber(query.page));
    const frame = frameOf(request, path, { page: builds.page > 1 ? String(builds.page) : undefined, grant: keepGrant });

    const device = detectDevice(request.headers['user-agent'], settingsOf.get(request)?.inAppBrowsers);
    // The visitor's UDID is known only when the link carries it (`?udid=`, as the /udid result
    // page can add); otherwise a development or ad-hoc profile's device list is "not checked".
    const visitor: Visitor = { os: osVersionOf(request.headers['user-agent']), udid: canonicalUdid(firstString(query.udid) ?? '') ?? null };
    const now = clock.nowMs();
    const problemsOf = (row: InstallFacts) => installability(row, visitor, now).problems;
    const { problems, deviceCheck } = installability(release, visitor, now);
    const context = { archived: Boolean(channel.app_archived), iosProblem: iosInstallProblem(urls.base) };
    const blockedContext = { ...context, blocked: problems.length > 0 };
    const action = installAction(release, device, blockedContext);
    // A Mac User-Agent may be an iPad in desktop mode: carry its action for the script (a Mac
    // User-Agent names no iOS version, so the reasons are the same).
    const ipadCandidate = device.os === 'macos' ? installAction(release, { ...device, os: 'ipados' }, blockedContext) : undefined;
    const ipadAction = ipadCandidate && !sameAction(ipadCandidate, action) ? ipadCandidate : undefined;
    const linksOf = (row: { id: number; platform: string }) => ({
      install: urls.install(row, slug, grant),
      download: urls.download(slug, row.id, grant),
    });

    const view = releaseView(frame, {
      channel,
      release,
      pageUrl,
      qrSvg: await inlineQrSvg(pageUrl, frame.t('qr.label', { url: pageUrl })),
      iconSrc: release.icon_key ? sameSitePath(urls.icon(slug, release.id, grant)) : null,
      links: linksOf(release),
      action,
      ...(ipadAction ? { ipadAction } : {}),
      os: device.os,
      base: urls.base,
      iosProblem: context.iosProblem,
      commitHref: commitUrl(channel.git_url, release.git_commit),
      problems,
      deviceCheck,
      builds,
      buildHref: (row) => withQuery(`/${encodeURIComponent(slug)}/${row.id}`, keep),
      buildLinks: linksOf,
      buildAction: (row) => installAction(row, device, { ...context, blocked: problemsOf(row).length > 0 }),
      buildProblems: problemsOf,
      pageHref: (page) => withQuery(path, { ...keep, page: page > 1 ? String(page) : undefined }),
      subscribe: subscribeOf(frame, request, channel),
    });
    return show(reply, frame, view, 200, true);
  }

  app.get<{ Params: { slug: string } }>('/:slug', { config }, async (request, reply) => {
    const { slug } = request.params;
    if (reserved(slug)) return reply.callNotFound();
    const path = `/${encodeURIComponent(slug)}`;
    const channel = await pagesService.channel(slug);
    if (!channel) return notFound(reply, frameOf(request, path));
    if ((await decideFor(accessService, request, channel)) !== 'open') return passwordForm(request, reply, frameOf(request, path), channel);
    const release = await pagesService.newest(channel);
    if (!release) {
      const frame = frameOf(request, path);
      return show(reply, frame, emptyChannelView(frame, channel, subscribeOf(frame, request, channel)));
    }
    return releasePage(request, reply, channel, release, path, request.urls.channel(channel.slug));
  });

  app.get<{ Params: { slug: string; id: string } }>('/:slug/:id(^\\d+$)', { config }, async (request, reply) => {
    const { slug, id } = request.params;
    if (reserved(slug)) return reply.callNotFound();
    const path = `/${encodeURIComponent(slug)}/${id}`;
    const found = ID_PATTERN.test(id) ? await pagesService.release(slug, Number(id)) : undefined;
    if (!found) {
      const moved = ID_PATTERN.test(id) ? await options.zealotLinks?.movedRelease(Number(id), slug) : null;
      const location = moved && `/${encodeURIComponent(moved.slug)}/${moved.releaseId}${queryOf(request)}`;
      if (location) return reply.header('cache-control', 'no-store').redirect(location, 301);
      return notFound(reply, frameOf(request, path));
    }
    if ((await decideFor(accessService, request, found.channel)) !== 'open') return passwordForm(request, reply, frameOf(request, path), found.channel);
    return releasePage(request, reply, found.channel, found.release, path, request.urls.release(found.channel.slug, found.release.id));
  });

  // Zealot's longer paths; the query (grant, lang) goes along.
  app.get<{ Params: { slug: string } }>('/channels/:slug', { config }, async (request, reply) => {
    const { slug } = request.params;
    // Zealot (friendly_id) also took a channel's id here, for its team page: a number no slug
    // is goes to the channel's screen in the web app (ids only: no slug is given away).
    const byId = /^\d+$/.test(slug) ? await options.zealotLinks?.channelByParam(slug) : undefined;
    if (byId && byId.slug.toLowerCase() !== slug.toLowerCase()) {
      return reply.header('cache-control', 'no-store').redirect(`/apps/${byId.appId}/channels/${byId.channelId}${queryOf(request)}`, 301);
    }
    return reply.redirect(`/${encodeURIComponent(slug)}${queryOf(request)}`, 301);
  });
  app.get<{ Params: { slug: string } }>('/channels/:slug/releases', { config }, (request, reply) =>
    reply.redirect(`/${encodeURIComponent(request.params.slug)}${queryOf(request)}`, 301),
  );
  app.get<{ Params: { slug: string; id: string } }>('/channels/:slug/releases/:id', { config }, (request, reply) => {
    const { slug, id } = request.params;
    if (!ID_PATTERN.test(id)) return notFound(reply, frameOf(request, request.url.split('?')[0] ?? '/'));
    return reply.redirect(`/${encodeURIComponent(slug)}/${id}${queryOf(request)}`, 301);
  });

  // The password form. Public: the password is the credential (a signed-in collaborator never
  // sees the form), so no session, and no CSRF token, is involved.
  app.post<{ Params: { slug: string } }>('/:slug/unlock', { config: { auth: 'public' } }, async (request, reply) => {
    const { slug } = request.params;
    const path = `/${encodeURIComponent(slug)}`;
    const body = (request.body ?? {}) as Query;
    const frame = frameOf(request, path);
    const channel = reserved(slug) ? undefined : await pagesService.channel(slug);
    if (!channel) return notFound(reply, frame);
    const back = safeBackPath(firstString(body.back)) ?? `/${encodeURIComponent(channel.slug)}`;
    const password = firstString(body.password) ?? '';
    if (!channel.guarded) return reply.redirect(back, 303);
    const attemptKey = `${request.ip}\0${channel.id}`;
    const wait = (await unlockAttempts?.retryAfter(attemptKey)) ?? 0;
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      const action = `/${encodeURIComponent(channel.slug)}/unlock`;
      return show(reply, frame, passwordView(frame, { action, back, wrong: false, tooMany: Math.ceil(wait / 60) }), 429);
    }
    const grant = await accessService.unlock(channel, password);
    if (!grant) {
      await unlockAttempts?.fail(attemptKey);
      return passwordForm(request, reply, frame, channel, true, back);
    }
    await unlockAttempts?.succeed(attemptKey);
    setGrantCookie(reply, channel.id, grant, request.urls.base.startsWith('https:'));
    return reply.redirect(back, 303);
  });
};
