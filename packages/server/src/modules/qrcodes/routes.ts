// QR codes of the public pages, as PNG or SVG:
//   /channels/<slug>/releases/<id>/qrcode[/<size>[/<theme>]][.png|.svg]  a build's page (Zealot's paths)
//   /<slug>/qrcode[/<size>[/<theme>]][.png|.svg]                         a channel's page (its newest build)
// with the query parameters of qrcodes/fns.ts. The code holds the page's absolute URL
// (request.urls), never a grant: whoever scans it meets the password form of a guarded channel.
// A guarded channel's codes are refused (401) without access, like its pages. A Zealot build id an
// import remapped (not Tarmac's own in that channel) is a 301 to the code of the build it became.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { decideFor } from '../access/http.ts';
import type { AccessService, PublicChannel } from '../access/service.ts';
import { SLUG_PATTERN } from '../channels/fns.ts';
import { parseQrParams } from './fns.ts';
import type { QrPathParams } from './fns.ts';
import { renderQr } from './render.ts';
import { ID_IN_PATH, withNewId } from '../zealot-links/fns.ts';
import type { ZealotLinks } from '../zealot-links/service.ts';

interface Options {
  accessService: AccessService;
  /** Where a Zealot build id an import remapped went. */
  zealotLinks?: Pick<ZealotLinks, 'movedRelease'>;
}

interface Params extends QrPathParams {
  slug: string;
  id?: string;
}

const config = { auth: 'optional' as const };
const SUFFIXES = ['', '.:format', '/:size', '/:size/:theme'];
const ID_PATTERN = /^[1-9]\d{0,11}$/;

function sendText(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
}

export const qrcodesRoutes: FastifyPluginAsync<Options> = async (app, { accessService, zealotLinks }) => {
  async function send(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, channel: PublicChannel, url: string) {
    if ((await decideFor(accessService, request, channel)) !== 'open') {
      return sendText(reply, 401, 'This channel is protected by a password: open its page and enter the password first.');
    }
    const { format, size, theme } = request.params;
    const parsed = parseQrParams({ format, size, theme }, request.query as Record<string, unknown>);
    if (!parsed.ok) return sendText(reply, 400, parsed.error);
    const code = await renderQr(url, parsed.options);
    return reply
      .header('content-type', code.contentType)
      .header('cache-control', !channel.guarded ? 'public, max-age=86400' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(code.body);
  }

  for (const suffix of SUFFIXES) {
    app.get<{ Params: Params }>(`/channels/:slug/releases/:id/qrcode${suffix}`, { config }, async (request, reply) => {
      const { slug, id = '' } = request.params;
      const valid = SLUG_PATTERN.test(slug) && ID_PATTERN.test(id);
      const found = valid ? await accessService.release(Number(id), slug) : undefined;
      const moved = !found && valid ? await zealotLinks?.movedRelease(Number(id), slug) : null;
      if (moved) {
        return reply.header('cache-control', 'no-store').redirect(withNewId(request.url, ID_IN_PATH.release, moved.releaseId), 301);
      }
      if (!found) return sendText(reply, 404, 'No such build: it may have been deleted, or the link is wrong.');
      return send(request, reply, found.channel, request.urls.release(found.channel.slug, found.release.id));
    });

    app.get<{ Params: Params }>(`/:slug/qrcode${suffix}`, { config }, async (request, reply) => {
      const { slug } = request.params;
      const channel = SLUG_PATTERN.test(slug) ? await accessService.channelBySlug(slug) : undefined;
      if (!channel) return sendText(reply, 404, 'No such channel: it may have been deleted, or the link is wrong.');
      return send(request, reply, channel, request.urls.channel(channel.slug));
    });
  }
};
