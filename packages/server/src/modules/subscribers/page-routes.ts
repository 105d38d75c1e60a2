// The subscribers' public pages (no session: the install page's visitors and the links of mails):
//   POST /<slug>/subscribe                     the install page's form → the same neutral page always
//   GET  /<slug>/subscribe/confirm?token=…     a page with a Confirm button; POST confirms
//   GET  /<slug>/unsubscribe?token=…           a page with an Unsubscribe button; POST unsubscribes
//                                              (also RFC 8058 one-click: the token in the query)
// The token decides which subscription; the slug only makes the address readable. The form
// answers the same page, as fast, whether the address was new, pending or subscribed, and is rate-limited
// per client address (429) and per email address (silently: no more mail is sent).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { grantCookieName } from '../../auth/grants.ts';
import type { AttemptLimiter } from '../../auth/attempts.ts';
import { sendPage } from '../../pages/layout.ts';
import { pageLocale } from '../../pages/locale.ts';
import type { PageLocale } from '../../pages/locale.ts';
import { siteLocaleOfRequests } from '../../pages/site-locale.ts';
import type { SiteLocale } from '../../pages/site-locale.ts';
import type { AccessService, PublicChannel } from '../access/service.ts';
import { RESERVED_SLUGS } from '../channels/fns.ts';
import { translator } from '../pages/messages.ts';
import type { PagesService } from '../pages/service.ts';
import { PAGE_CSS, errorView, notFoundView } from '../pages/views.ts';
import type { Frame, View } from '../pages/views.ts';
import { TOKEN_PATTERN, normalEmail } from './fns.ts';
import { formView, resultView, tokenFormView } from './page-views.ts';
import type { SubscribersService } from './service.ts';

export interface SubscribeLimits {
  /** Form posts per client address. */
  perClient: AttemptLimiter;
  /** Confirmation mails per email address. */
  perEmail: AttemptLimiter;
}

interface Options {
  subscribersService: SubscribersService;
  pagesService: Pick<PagesService, 'channel'>;
  accessService: AccessService;
  /** The pages' language when the visitor asks for none: TARMAC_DEFAULT_LOCALE, or siteLocale's answer when given. */
  defaultLocale: PageLocale;
  /** The default_locale setting as each request comes (a change applies without a restart). */
  siteLocale?: SiteLocale;
  limits: SubscribeLimits;
  externalUrl: string;
}

type Fields = Record<string, unknown>;
const config = { auth: 'public' as const };
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const subscriberPageRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { subscribersService, pagesService, accessService, defaultLocale, limits } = options;
  const siteLocaleOf = options.siteLocale ? siteLocaleOfRequests(app, options.siteLocale, defaultLocale) : () => defaultLocale;

  /** The page's language and its link to the other one (keeping `token` on the pages of links). */
  function frameOf(request: FastifyRequest, path: string, token?: string): Frame {
    const lang = text((request.body as Fields | undefined)?.lang) ?? text((request.query as Fields).lang);
    const locale = pageLocale(lang, request.headers['accept-language'], siteLocaleOf(request));
    const query = new URLSearchParams({ ...(token ? { token } : {}), lang: locale === 'en' ? 'zh-CN' : 'en' });
    return { locale, t: translator(locale), switchHref: `${path}?${query.toString()}` };
  }

  const show = (reply: FastifyReply, frame: Frame, view: View, status = 200) =>
    sendPage(reply, { locale: frame.locale, title: view.title, body: view.body, css: PAGE_CSS }, status);

  /** The channel whose page offers the form: mail configured, the app not archived (it takes no new builds). */
  async function channelOf(slug: string): Promise<PublicChannel | undefined> {
    if (!subscribersService.mailConfigured || RESERVED_SLUGS.has(slug.toLowerCase())) return undefined;
    const channel = await pagesService.channel(slug);
    return channel && !channel.app_archived ? channel : undefined;
  }

  /** A form posted from another site could subscribe someone else: when Origin is sent it must be ours. */
  function sameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    return origin === undefined || origin === new URL(options.externalUrl).origin || origin === `${request.protocol}://${request.host}`;
  }

  app.post<{ Params: { slug: string } }>('/:slug/subscribe', { config }, async (request, reply) => {
    const slug = request.params.slug;
    const back = `/${encodeURIComponent(slug)}`;
    const frame = frameOf(request, back);
    const channel = await channelOf(slug);
    if (!channel) return show(reply, frame, notFoundView(frame), 404);
    if (!sameOrigin(request)) return show(reply, frame, errorView(frame, 'error.generic'), 403);
    const body = (request.body ?? {}) as Fields;
    const grant = text(body.grant);
    const caller = { actor: null, grants: [request.cookies[grantCookieName(channel.id)], grant] };
    if ((await accessService.decide(channel, caller)) !== 'open') return reply.redirect(back, 303);
    const form = { action: `${back}/subscribe`, grant: channel.guarded ? grant : undefined };
    const wait = await limits.perClient.retryAfter(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return show(reply, frame, formView(frame, { ...form, tooMany: Math.ceil(wait / 60) }), 429);
    }
    await limits.perClient.fail(request.ip);
    const typed = text(body.email) ?? '';
    const email = normalEmail(typed);
    if (!email) {
      return show(reply, frame, formView(frame, { ...form, email: typed.slice(0, 254), invalid: true }), 422);
    }
    if ((await limits.perEmail.retryAfter(email)) === 0) {
      await limits.perEmail.fail(email);
      // Not awaited: the answer must not take longer for a new address (a row, a mail queued) than
      // for one already subscribed (nothing to do), or its timing would tell who subscribed.
      const input = { channel, email, locale: frame.locale, baseUrl: request.urls.base };
      subscribersService.optIn(input).catch((error: unknown) => request.log.error({ err: error }, 'A subscription request failed'));
    }
    const sentence = frame.t('subscribe.sent.body', { app: channel.app_name, channel: channel.name });
    // Back to the builds with the grant the form carried: a visitor who came by a grant link has no cookie.
    const builds = form.grant ? `${back}?grant=${encodeURIComponent(form.grant)}` : back;
    return show(reply, frame, resultView(frame, 'subscribe.sent.title', sentence, builds));
  });

  /** Paths of the server and the web app that `/:slug/…` would otherwise take (`/api/unsubscribe`): their own 404. */
  const reservedPath = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    if (RESERVED_SLUGS.has(request.params.slug.toLowerCase())) return reply.callNotFound();
  };
  const linkRoute = { config, preHandler: reservedPath };

  /** The token of a link: the query's (the mail's link, RFC 8058's POST) or the form's. */
  const tokenOf = (request: FastifyRequest) => text((request.body as Fields | undefined)?.token) ?? text((request.query as Fields).token) ?? '';
  const home = (slug: string) => `/${encodeURIComponent(slug)}`;

  app.get<{ Params: { slug: string } }>('/:slug/subscribe/confirm', linkRoute, async (request, reply) => {
    const path = `${home(request.params.slug)}/subscribe/confirm`;
    const token = tokenOf(request);
    const frame = frameOf(request, path, token);
    const row = await subscribersService.byToken('confirm', token);
    const names = row ? await subscribersService.names(row.channel_id) : undefined;
    if (!row || !names) {
      return show(reply, frame, resultView(frame, 'confirm.invalid.title', frame.t('confirm.invalid.body')), 404);
    }
    const sentence = frame.t('confirm.body', { email: row.email, app: names.app_name, channel: names.channel_name });
    return show(reply, frame, tokenFormView(frame, { title: 'confirm.title', sentence, action: path, token, submit: 'confirm.submit' }));
  });

  app.post<{ Params: { slug: string } }>('/:slug/subscribe/confirm', linkRoute, async (request, reply) => {
    const frame = frameOf(request, `${home(request.params.slug)}/subscribe/confirm`);
    const row = await subscribersService.confirm(tokenOf(request));
    const names = row ? await subscribersService.names(row.channel_id) : undefined;
    if (!row || !names) return show(reply, frame, resultView(frame, 'confirm.invalid.title', frame.t('confirm.invalid.body')), 404);
    const sentence = frame.t('confirm.done.body', { app: names.app_name, channel: names.channel_name });
    return show(reply, frame, resultView(frame, 'confirm.done.title', sentence, home(names.slug)));
  });

  app.get<{ Params: { slug: string } }>('/:slug/unsubscribe', linkRoute, async (request, reply) => {
    const path = `${home(request.params.slug)}/unsubscribe`;
    const token = tokenOf(request);
    const frame = frameOf(request, path, token);
    const row = await subscribersService.byToken('unsubscribe', token);
    const names = row ? await subscribersService.names(row.channel_id) : undefined;
    // Gone already (or never there): the same as after the button, so a second click changes nothing.
    if (!row || !names) return show(reply, frame, resultView(frame, 'unsubscribe.done.title', frame.t('unsubscribe.done.body')));
    const sentence = frame.t('unsubscribe.body', { email: row.email, app: names.app_name, channel: names.channel_name });
    const action = `${path}?token=${encodeURIComponent(token)}`;
    return show(reply, frame, tokenFormView(frame, { title: 'unsubscribe.title', sentence, action, token, submit: 'unsubscribe.submit' }));
  });

  app.post<{ Params: { slug: string } }>('/:slug/unsubscribe', linkRoute, async (request, reply) => {
    const frame = frameOf(request, `${home(request.params.slug)}/unsubscribe`);
    const token = tokenOf(request);
    if (!TOKEN_PATTERN.test(token)) return show(reply, frame, resultView(frame, 'confirm.invalid.title', frame.t('confirm.invalid.body')), 400);
    await subscribersService.unsubscribe(token);
    return show(reply, frame, resultView(frame, 'unsubscribe.done.title', frame.t('unsubscribe.done.body')));
  });
};
