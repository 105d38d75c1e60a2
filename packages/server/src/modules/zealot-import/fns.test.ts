// The links of the Zealot import screen: each kind of Tarmac row a Zealot row became, by its page's
// path; none for a row that became nothing, a kind with no page, or a row deleted since.
import { describe, expect, it } from 'vitest';
import { collaboratorAppId, linkFor, linkIds } from './fns.ts';
import type { ImportMapRow, LinkTargets } from './repository.ts';

const row = (table: string, sourceId: string, targetId: number | null): ImportMapRow => ({
  source_table: table, source_id: sourceId, target_id: targetId, outcome: 'merged', detail: 'why', created_at: '2026-11-20T09:00:00.000Z',
});

const targets: LinkTargets = {
  users: new Map([[1, { username: 'anna zealot/ü' }]]),
  apps: new Set([2]),
  schemes: new Map([[3, { appId: 2 }]]),
  channels: new Map([[4, { appId: 2 }]]),
  releases: new Map([[5, { appId: 2, channelId: 4 }]]),
  debugFiles: new Set([6]),
  devices: new Map([[7, { udid: '00008030-001A2B3C4D5E802E' }]]),
  webhooks: new Map([[8, { appId: 2, channelId: 4 }], [9, { appId: null, channelId: null }]]),
};

describe('linkFor', () => {
  it.each([
    ['users', 1, '/admin/users?q=anna%20zealot%2F%C3%BC'],
    ['apps', 2, '/apps/2'],
    ['schemes', 3, '/apps/2'],
    ['channels', 4, '/apps/2/channels/4'],
    ['releases', 5, '/apps/2/channels/4/releases/5'],
    ['debug_files', 6, '/debug-files/6'],
    ['devices', 7, '/devices?q=00008030-001A2B3C4D5E802E'],
    ['web_hooks', 8, '/apps/2/channels/4'],
    ['web_hooks', 9, '/admin/webhooks'],
  ] as const)('links a %s row to its page', (table, id, path) => {
    expect(linkFor(row(table, '10', id), targets, new Map())).toBe(path);
  });

  it('links nothing that became nothing, has no page, or was deleted since', () => {
    expect(linkFor(row('releases', '10', null), targets, new Map())).toBeNull();
    expect(linkFor(row('settings', 'site_title', 1), targets, new Map())).toBeNull();
    expect(linkFor(row('releases', '10', 99), targets, new Map())).toBeNull();
    expect(linkFor(row('users', '10', 99), targets, new Map())).toBeNull();
  });

  it("links a collaborator row to its app's page, found through the app's own row", () => {
    const collaborator = row('apps_users', '12:34', null);
    expect(collaboratorAppId(collaborator)).toBe('12');
    expect(collaboratorAppId(row('apps_users', '12', null))).toBeNull();
    expect(linkFor(collaborator, targets, new Map([['12', 2]]))).toBe('/apps/2');
    expect(linkFor(collaborator, targets, new Map([['12', 99]]))).toBeNull();
    expect(linkFor(collaborator, targets, new Map())).toBeNull();
  });
});

describe('linkIds', () => {
  it('asks for each kind only the ids the page needs', () => {
    const ids = linkIds([row('releases', '1', 5), row('releases', '2', null), row('apps_users', '12:34', null), row('settings', 'x', 3)], new Map([['12', 2]]));
    expect(ids).toEqual({ users: [], apps: [2], schemes: [], channels: [], releases: [5], debugFiles: [], devices: [], webhooks: [] });
  });
});
