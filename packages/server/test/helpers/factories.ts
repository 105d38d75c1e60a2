// Small factories for distribution tests: an app with a scheme and a channel, and a
// collaborator, written straight into the tables so a test can start from a known state.
// Tests of the endpoints themselves go through the API.
import { randomBytes } from 'node:crypto';
import type { DeviceType } from '../../src/db/types.ts';
import type { TestServer } from './server.ts';

/** The current time as rows store it (rows a test inserts itself; the app's own rows use its clock). */
export function now(): string {
  return new Date().toISOString();
}

export interface TestChannel {
  appId: number;
  schemeId: number;
  channelId: number;
  slug: string;
  key: string;
}

export async function newApp(
  server: TestServer,
  options: {
    name?: string;
    ownerId?: number;
    scheme?: string;
    channel?: string;
    deviceType?: DeviceType;
    bundleId?: string;
    retainedBuilds?: number;
  } = {},
): Promise<TestChannel> {
  const { db } = server.database;
  const timestamp = now();
  const app = await db
    .insertInto('apps')
    .values({ name: options.name ?? 'Demo', archived: false, created_at: timestamp, updated_at: timestamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.ownerId !== undefined) {
    await db
      .insertInto('collaborators')
      .values({ app_id: app.id, user_id: options.ownerId, role: 'admin', owner: true, created_at: timestamp, updated_at: timestamp })
      .execute();
  }
  const scheme = await db
    .insertInto('schemes')
    .values({
      app_id: app.id,
      name: options.scheme ?? 'Beta',
      new_build_callout: true,
      retained_builds: options.retainedBuilds ?? 0,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slug = randomBytes(6).toString('hex');
  const key = randomBytes(16).toString('hex');
  const channel = await db
    .insertInto('channels')
    .values({
      scheme_id: scheme.id,
      name: options.channel ?? 'Android',
      slug,
      key,
      device_type: options.deviceType ?? 'android',
      bundle_id: options.bundleId ?? '*',
      git_url: null,
      password_hash: null,
      download_filename_type: 'version_datetime',
      created_at: timestamp,
      updated_at: timestamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { appId: app.id, schemeId: scheme.id, channelId: channel.id, slug, key };
}

export async function addCollaborator(server: TestServer, appId: number, userId: number, role: 'member' | 'developer' | 'admin'): Promise<void> {
  const timestamp = now();
  await server.database.db
    .insertInto('collaborators')
    .values({ app_id: appId, user_id: userId, role, owner: false, created_at: timestamp, updated_at: timestamp })
    .execute();
}

/** A release row whose package and icon really are in storage, for tests of what deleting removes. */
export async function storedRelease(server: TestServer, channelId: number, version: number): Promise<{ fileKey: string; iconKey: string }> {
  const folder = `releases/test-${randomBytes(6).toString('hex')}`;
  const fileKey = `${folder}/app.apk`;
  const iconKey = `${folder}/icon.png`;
  await server.services.storage.putBuffer(fileKey, Buffer.from('package bytes'));
  await server.services.storage.putBuffer(iconKey, Buffer.from('icon bytes'));
  const timestamp = now();
  await server.database.db
    .insertInto('releases')
    .values({
      channel_id: channelId,
      version,
      release_version: '1.0',
      build_version: String(version),
      version_key: `v${version}`,
      source: 'api',
      platform: 'android',
      device_type: 'phone',
      format: 'apk',
      size: 13,
      checksum: 'f'.repeat(64),
      file_key: fileKey,
      file_name: 'app.apk',
      icon_key: iconKey,
      changelog: '[]',
      custom_fields: '[]',
      metadata: '{}',
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  return { fileKey, iconKey };
}

/**
 * Uploads a build through the API as fastlane does (`token`, `channel_key`, then the file) and
 * answers the release JSON; anything but 201 throws with the server's answer.
 */
export async function uploadBuild<T>(server: { url: string }, token: string, channelKey: string, file: Buffer, name: string): Promise<T> {
  const form = new FormData();
  form.append('token', token);
  form.append('channel_key', channelKey);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${server.url}/api/apps/upload`, { method: 'POST', body: form });
  const body = (await response.json()) as T;
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body;
}
