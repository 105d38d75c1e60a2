// Absolute links. The base comes from TARMAC_URL when it is set; otherwise from the address
// the request came to: its Host header, or X-Forwarded-Proto and X-Forwarded-Host when
// TARMAC_TRUST_PROXY trusts the proxy (Fastify's request.protocol and request.host apply that
// rule). So links work behind proxies and in QR codes, and never come out as the proxy's
// 127.0.0.1. Every public link of a build carries its channel's slug (random, unguessable):
// a release id alone opens nothing (docs/downloads.md). The page, manifest and QR code paths
// keep Zealot's shapes; the download and icon paths sit under the release page's `/<slug>/<id>`.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export interface PublicUrls {
  /** The base every link starts with, without a trailing slash. */
  readonly base: string;
  /** The release's public page (Zealot's `/<slug>/<id>`). */
  release(channelSlug: string, id: number): string;
  /** Direct download (`/<slug>/<id>/download`); redirects to file(), a URL that ends in the file name (updaters read the extension). */
  download(channelSlug: string, id: number, grant?: string): string;
  /** The file itself, under the name it is saved as. */
  file(channelSlug: string, id: number, filename: string, grant?: string): string;
  /** The iOS OTA manifest (plist) for a release. */
  manifest(channelSlug: string, id: number, grant?: string): string;
  /** itms-services:// for iOS builds, the download URL for everything else. */
  install(release: { id: number; platform: string }, channelSlug: string, grant?: string): string;
  qrcode(channelSlug: string, id: number): string;
  /** The release's icon as PNG, public like its page. */
  icon(channelSlug: string, id: number, grant?: string): string;
  /** The icon on the API's path, for signed-in team members only (the web app's dashboard). */
  teamIcon(id: number): string;
  /** A channel's public page (its newest build). */
  channel(slug: string): string;
}

const withGrant = (url: string, grant: string | undefined) => (grant ? `${url}?grant=${encodeURIComponent(grant)}` : url);

export function createPublicUrls(base: string): PublicUrls {
  const root = base.replace(/\/+$/, '');
  const urls: PublicUrls = {
    base: root,
    release: (slug, id) => `${root}/${encodeURIComponent(slug)}/${id}`,
    download: (slug, id, grant) => withGrant(`${urls.release(slug, id)}/download`, grant),
    file: (slug, id, filename, grant) => withGrant(`${urls.release(slug, id)}/download/${encodeURIComponent(filename)}`, grant),
    manifest: (slug, id, grant) => withGrant(`${root}/channels/${encodeURIComponent(slug)}/releases/${id}/install`, grant),
    // Zealot contract: the manifest URL inside itms-services is not percent-encoded; iOS and
    // the SDKs expect it so. A grant token is base64url and dots, so it needs no encoding either.
    install: (release, slug, grant) =>
      release.platform === 'ios' || release.platform === 'iOS'
        ? `itms-services://?action=download-manifest&url=${urls.manifest(slug, release.id, grant)}`
        : urls.download(slug, release.id, grant),
    qrcode: (slug, id) => `${root}/channels/${encodeURIComponent(slug)}/releases/${id}/qrcode`,
    icon: (slug, id, grant) => withGrant(`${urls.release(slug, id)}/icon.png`, grant),
    teamIcon: (id) => `${root}/api/releases/${id}/icon`,
    channel: (slug) => `${root}/${encodeURIComponent(slug)}`,
  };
  return urls;
}

/** A host header value we are willing to put in a link: a name or address with an optional port. */
const HOST_PATTERN = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,62}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,62}[a-zA-Z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/;

export interface BaseUrlConfig {
  externalUrl: string;
  externalUrlSet: boolean;
}

/** The base URL for links in the answer to this request (see the file comment). */
export function publicBase(config: BaseUrlConfig, request: FastifyRequest): string {
  if (config.externalUrlSet) return config.externalUrl.replace(/\/+$/, '');
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (typeof host !== 'string' || !HOST_PATTERN.test(host)) return config.externalUrl.replace(/\/+$/, '');
  return `${protocol}://${host}`;
}

/** Why an iOS over-the-air install cannot work from this base URL, or null when it can. */
export function iosInstallProblem(base: string): 'http' | 'loopback' | null {
  const url = new URL(base);
  if (isLoopback(url.hostname)) return 'loopback';
  if (url.protocol !== 'https:') return 'http';
  return null;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.') || host === '0.0.0.0';
  if (isIP(host) === 6) return host === '::1' || host === '::' || host.startsWith('::ffff:127.');
  return false;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Absolute links for the answer to this request, from its base URL (publicBase). */
    readonly urls: PublicUrls;
  }
}
