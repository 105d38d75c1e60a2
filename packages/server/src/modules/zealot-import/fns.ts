// Which Tarmac row a Zealot table's rows become, and the web app's path that shows it: the links of
// the admin screen of what `tarmac import zealot` did. Pure functions.
import type { ImportMapRow, LinkIds, LinkTargets } from './repository.ts';

type Kind = keyof LinkIds;

/** The Zealot tables whose rows become one Tarmac row each (target_id), by the kind of that row. */
const KIND_OF: Record<string, Kind> = {
  users: 'users',
  apps: 'apps',
  schemes: 'schemes',
  channels: 'channels',
  releases: 'releases',
  debug_files: 'debugFiles',
  devices: 'devices',
  web_hooks: 'webhooks',
};

/** A collaborator row's id is "app:user": the Zealot app's id, whose Tarmac app shows its team. */
export function collaboratorAppId(row: Pick<ImportMapRow, 'source_table' | 'source_id'>): string | null {
  if (row.source_table !== 'apps_users') return null;
  const match = /^(\d+):\d+$/.exec(row.source_id);
  return match ? match[1]! : null;
}

/** The Tarmac ids to look up, per kind, for a page of rows (collaborator rows add their apps' ids). */
export function linkIds(rows: ImportMapRow[], collaboratorApps: Map<string, number>): LinkIds {
  const ids: LinkIds = { users: [], apps: [], schemes: [], channels: [], releases: [], debugFiles: [], devices: [], webhooks: [] };
  for (const row of rows) {
    const kind = KIND_OF[row.source_table];
    if (kind && row.target_id !== null) ids[kind].push(row.target_id);
    const app = collaboratorApps.get(collaboratorAppId(row) ?? '');
    if (app !== undefined) ids.apps.push(app);
  }
  return ids;
}

const channelPath = (appId: number, channelId: number) => `/apps/${appId}/channels/${channelId}`;

/** The path of the thing `row` became, or null (nothing became of it, or it was deleted since). */
export function linkFor(row: ImportMapRow, targets: LinkTargets, collaboratorApps: Map<string, number>): string | null {
  const collaboratorApp = collaboratorApps.get(collaboratorAppId(row) ?? '');
  if (collaboratorApp !== undefined) return targets.apps.has(collaboratorApp) ? `/apps/${collaboratorApp}` : null;
  const kind = KIND_OF[row.source_table];
  const id = row.target_id;
  if (!kind || id === null) return null;
  switch (kind) {
    case 'users': {
      const user = targets.users.get(id);
      return user ? `/admin/users?q=${encodeURIComponent(user.username)}` : null;
    }
    case 'apps':
      return targets.apps.has(id) ? `/apps/${id}` : null;
    case 'schemes': {
      const scheme = targets.schemes.get(id);
      return scheme ? `/apps/${scheme.appId}` : null;
    }
    case 'channels': {
      const channel = targets.channels.get(id);
      return channel ? channelPath(channel.appId, id) : null;
    }
    case 'releases': {
      const release = targets.releases.get(id);
      return release ? `${channelPath(release.appId, release.channelId)}/releases/${id}` : null;
    }
    case 'debugFiles':
      return targets.debugFiles.has(id) ? `/debug-files/${id}` : null;
    case 'devices': {
      const device = targets.devices.get(id);
      return device ? `/devices?q=${encodeURIComponent(device.udid)}` : null;
    }
    case 'webhooks': {
      const hook = targets.webhooks.get(id);
      if (!hook) return null;
      return hook.channelId !== null && hook.appId !== null ? channelPath(hook.appId, hook.channelId) : '/admin/webhooks';
    }
  }
}
