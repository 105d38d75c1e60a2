// What happens to a Zealot after a first import, for the tests of a second run (only the new builds
// come over): a new build uploaded to a channel, written as Zealot writes it (the row first, with
// the next version in its channel and the next id of the sequence, then the files under that id).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { APK, IPA } from './data.ts';
import { ICON, releaseUrls, store } from './installation.ts';
import type { ZealotInstallation, ZealotRelease } from './installation.ts';

/** Adds a build (the apk on Android channels, the ipa on iOS ones) to a channel; pushed onto zealot.releases too. */
export async function addZealotRelease(zealot: ZealotInstallation, channelId: number, createdAt = '2025-07-01 12:00:00'): Promise<ZealotRelease> {
  const channel = zealot.channels.find((candidate) => candidate.id === channelId);
  if (!channel) throw new Error(`no channel ${channelId} in this Zealot installation`);
  const ios = channel.deviceType === 'iOS';
  const file = ios ? 'iphone.ipa' : 'android.apk';
  const row = { channel_id: channelId, bundle_id: ios ? 'com.icyleaf.AppInfoDemo' : 'com.icyleaf.appinfodemo',
    release_version: ios ? '1.2.3' : '2.1.0', build_version: ios ? '5' : '10', name: 'AppInfoDemo',
    device_type: ios ? 'iPhone' : 'Phone', release_type: ios ? 'AdHoc' : 'release', source: 'api', branch: 'main',
    changelog: [{ message: 'Built after the first import' }], custom_fields: [], file,
    icon: ios ? null : 'ic_launcher.png', created_at: createdAt, updated_at: createdAt };
  const client = new pg.Client({ connectionString: zealot.databaseUrl });
  await client.connect();
  let id: number;
  let version: number;
  try {
    const names = Object.keys(row);
    const result = await client.query<{ id: string; version: number }>(
      `INSERT INTO releases (version, ${names.join(', ')}) VALUES ((SELECT coalesce(max(version), 0) + 1 FROM releases ` +
      `WHERE channel_id = $1), ${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id, version`,
      Object.values(row).map((value) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value)));
    id = Number(result.rows[0]!.id);
    version = result.rows[0]!.version;
  } finally {
    await client.end();
  }
  const base = `apps/a${channel.appId}/r${id}`;
  const fixture = ios ? IPA : APK;
  const added: ZealotRelease = {
    id, appId: channel.appId, channelId, version, fixture, file, missing: false, icon: row.icon, row: { id, version, ...row },
    binary: store(zealot.uploadsDir, `${base}/binary/${file}`, readFileSync(fixture)),
    iconFile: row.icon ? store(zealot.uploadsDir, `${base}/icons/${row.icon}`, ICON) : null,
    urls: releaseUrls(channel.slug, id, file),
  };
  zealot.releases.push(added);
  return added;
}
