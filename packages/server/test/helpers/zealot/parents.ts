// What the releases and debug files steps need before they run, when the users/apps/channels
// steps are not run by the test: Tarmac apps, schemes and channels (and a user) made from a fixture
// Zealot installation, with their import map entries, as those steps would leave them.
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/types.ts';
import { createImportMap } from '../../../src/modules/zealot-import/map.ts';
import type { ZealotInstallation } from './installation.ts';

const SCHEME_NAMES: Record<number, string> = { 1: 'Beta', 2: 'Production', 3: 'Beta' };

export interface SeededParents {
  /** Zealot channel id → Tarmac channel id (and the same for apps, schemes). */
  channels: Map<number, number>;
  apps: Map<number, number>;
  /** The Tarmac user Zealot's user 1 (admin) became. */
  userId: number;
}

/** Seeds the parents; `skipChannels`: Zealot channel ids left out (their releases must be refused). */
export async function seedZealotParents(
  db: Kysely<Database>,
  zealot: ZealotInstallation,
  options: { skipChannels?: number[] } = {},
): Promise<SeededParents> {
  const now = new Date().toISOString();
  const map = createImportMap(db, () => now);
  const stamp = { created_at: now, updated_at: now };
  const admin = zealot.users[0]!;
  const user = await db.insertInto('users').values({
    username: `z_${admin.username}_${Date.now()}`, email: `z${Date.now()}-${admin.email}`, password_hash: 'x', role: 'admin', locale: 'en',
    appearance: 'auto', timezone: 'UTC', locked: false, locked_at: null, last_sign_in_at: null, ...stamp,
  }).returning('id').executeTakeFirstOrThrow();
  await map.set('users', admin.id, { targetId: user.id, outcome: 'imported', detail: null });
  const apps = new Map<number, number>();
  const schemes = new Map<number, number>();
  const channels = new Map<number, number>();
  for (const app of zealot.apps) {
    const row = await db.insertInto('apps').values({ name: app.name, archived: false, ...stamp }).returning('id').executeTakeFirstOrThrow();
    apps.set(app.id, row.id);
    await map.set('apps', app.id, { targetId: row.id, outcome: 'imported', detail: null });
  }
  for (const channel of zealot.channels) {
    if (!schemes.has(channel.schemeId)) {
      const row = await db.insertInto('schemes').values({ app_id: apps.get(channel.appId)!, name: SCHEME_NAMES[channel.schemeId] ?? 'Beta',
        new_build_callout: true, retained_builds: 0, ...stamp }).returning('id').executeTakeFirstOrThrow();
      schemes.set(channel.schemeId, row.id);
      await map.set('schemes', channel.schemeId, { targetId: row.id, outcome: 'imported', detail: null });
    }
    if (options.skipChannels?.includes(channel.id)) continue;
    const row = await db.insertInto('channels').values({
      scheme_id: schemes.get(channel.schemeId)!, name: channel.name, slug: channel.slug, key: channel.key,
      device_type: channel.deviceType === 'iOS' ? 'ios' : 'android', bundle_id: channel.bundleId, git_url: channel.gitUrl,
      password_hash: null, download_filename_type: channel.downloadFilenameType ?? 'version_datetime', ...stamp,
    }).returning('id').executeTakeFirstOrThrow();
    channels.set(channel.id, row.id);
    await map.set('channels', channel.id, { targetId: row.id, outcome: 'imported', detail: null });
  }
  return { channels, apps, userId: user.id };
}
