// Absolute links, all built from TARMAC_URL (never from the request's Host), so they work
// behind proxies and in QR codes. The shapes keep Zealot's, which its SDKs and updaters use.
export interface PublicUrls {
  /** The release's page. */
  release(id: number): string;
  /** Direct download; redirects to a URL that ends in the file name (updaters read the extension). */
  download(id: number): string;
  /** The iOS OTA manifest (plist) for a release. */
  manifest(channelSlug: string, id: number): string;
  /** itms-services:// for iOS builds, the download URL for everything else. */
  install(release: { id: number; platform: string }, channelSlug: string): string;
  qrcode(channelSlug: string, id: number): string;
  /** The release's icon as PNG. */
  icon(id: number): string;
  /** A channel's public page (its newest build). */
  channel(slug: string): string;
}

export function createPublicUrls(base: string): PublicUrls {
  const root = base.replace(/\/+$/, '');
  const urls: PublicUrls = {
    release: (id) => `${root}/releases/${id}`,
    download: (id) => `${root}/download/releases/${id}`,
    manifest: (slug, id) => `${root}/channels/${encodeURIComponent(slug)}/releases/${id}/install`,
    // Zealot contract: the manifest URL inside itms-services is not percent-encoded; iOS and the SDKs expect it so.
    install: (release, slug) => (release.platform === 'ios' ? `itms-services://?action=download-manifest&url=${urls.manifest(slug, release.id)}` : urls.download(release.id)),
    qrcode: (slug, id) => `${root}/channels/${encodeURIComponent(slug)}/releases/${id}/qrcode`,
    icon: (id) => `${root}/api/releases/${id}/icon`,
    channel: (slug) => `${root}/${encodeURIComponent(slug)}`,
  };
  return urls;
}
