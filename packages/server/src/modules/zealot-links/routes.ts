// Zealot's public and web paths that Tarmac has no page at, each a 301 to Tarmac's page for the
// same thing (the query kept); a path naming nothing Tarmac has is Tarmac's normal 404. The
// table of every Zealot path and where it goes is in docs/zealot-compatibility.md. Paths both
// serve (`/<slug>/<id>`, the install manifest, QR codes, `/download/releases/<id>`, `/apps/<id>`)
// ask ZealotLinks only when Tarmac's own lookup found nothing (modules/pages, downloads, qrcodes, web).
//   /<slug>/overview, /channels/<slug|id>/releases/upload → the channel's screen in the web app
//   /<slug>/versions|branches|release_types[/<name>] (and under /channels/<slug|id>/) → its builds, filtered
//   /releases/<id>                                   → the build's screen in the web app
//   /debug_files[/new|/<id>], /teardowns[/…], /users/sign_in|sign_up|edit, /admin/web_hooks → the web app's
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVED_SLUGS } from '../channels/fns.ts';
import { parseId, withQuery } from './fns.ts';
import { channelScreen, releaseScreen } from './service.ts';
import type { ChannelPlace, ZealotLinks } from './service.ts';

interface Options {
  zealotLinks: ZealotLinks;
}

const config = { auth: 'public' as const };
const schema = { hide: true };
const LISTS = ['versions', 'branches', 'release_types'] as const;

/** Paths that are only a new name: Zealot's → the web app's. */
const RENAMED: [string, string][] = [
  ['/debug_files', '/debug-files'],
  ['/debug_files/new', '/debug-files'],
  ['/teardowns', '/teardown'],
  ['/teardowns/upload', '/teardown'],
  ['/users/sign_in', '/login'],
  ['/users/sign_up', '/signup'],
  ['/users/edit', '/settings'],
  ['/admin/web_hooks', '/admin/webhooks'],
];

const moved = (reply: FastifyReply, location: string) => reply.header('cache-control', 'no-store').redirect(location, 301);

export const zealotLinksRoutes: FastifyPluginAsync<Options> = async (app, { zealotLinks }) => {
  type SlugRequest = FastifyRequest<{ Params: { slug: string; '*'?: string } }>;

  /** The channel of `/<slug>/…` (never a reserved word: those paths are the server's) or `/channels/<slug|id>/…`. */
  async function channelOf(request: SlugRequest, byParam: boolean): Promise<ChannelPlace | null> {
    const { slug } = request.params;
    if (byParam) return zealotLinks.channelByParam(slug);
    return RESERVED_SLUGS.has(slug.toLowerCase()) ? null : zealotLinks.channelBySlug(slug);
  }

  for (const prefix of ['/:slug', '/channels/:slug']) {
    const byParam = prefix !== '/:slug';
    for (const list of LISTS) {
      const handler = async (request: SlugRequest, reply: FastifyReply) => {
        const place = await channelOf(request, byParam);
        if (!place) return reply.callNotFound();
        return moved(reply, zealotLinks.filterScreen(place, request.url, list, request.params['*'] || undefined));
      };
      app.get(`${prefix}/${list}`, { config, schema }, handler);
      app.get(`${prefix}/${list}/*`, { config, schema }, handler);
    }
  }

  app.get('/:slug/overview', { config, schema }, async (request: SlugRequest, reply) => {
    const place = await channelOf(request, false);
    return place ? moved(reply, withQuery(channelScreen(place), request.url)) : reply.callNotFound();
  });

  app.get('/channels/:slug/releases/upload', { config, schema }, async (request: SlugRequest, reply) => {
    const place = await channelOf(request, true);
    return place ? moved(reply, withQuery(channelScreen(place), request.url, { upload: '1' })) : reply.callNotFound();
  });

  app.get('/releases/:id', { config, schema }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const id = parseId(request.params.id);
    const place = id === undefined ? null : await zealotLinks.releaseAnywhere(id);
    return place ? moved(reply, withQuery(releaseScreen(place), request.url)) : reply.callNotFound();
  });

  app.get('/debug_files/:id', { config, schema }, async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const id = parseId(request.params.id);
    const target = id === undefined ? null : await zealotLinks.debugFileId(id);
    return target === null ? reply.callNotFound() : moved(reply, withQuery(`/debug-files/${target}`, request.url));
  });

  app.get('/teardowns/:id', { config, schema }, (request, reply) => moved(reply, withQuery('/teardown', request.url)));

  for (const [from, to] of RENAMED) app.get(from, { config, schema }, (request, reply) => moved(reply, withQuery(to, request.url)));
};
