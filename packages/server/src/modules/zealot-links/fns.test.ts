import { describe, expect, it } from 'vitest';
import { parseAppsPath, parseId, withQuery } from './fns.ts';

describe('parseAppsPath', () => {
  it('reads Zealot\'s app screens', () => {
    expect(parseAppsPath('/apps/archived')).toEqual({ kind: 'apps', archived: true, create: false });
    expect(parseAppsPath('/apps/new')).toEqual({ kind: 'apps', archived: false, create: true });
    expect(parseAppsPath('/apps/7')).toEqual({ kind: 'app', appId: 7, exact: true });
    for (const path of ['/apps/7/edit', '/apps/7/new_owner', '/apps/7/schemes/new', '/apps/7/schemes/3/edit', '/apps/7/schemes/3/channels/new',
      '/apps/7/collaborators/new', '/apps/7/collaborators/4/edit']) {
      expect(parseAppsPath(path), path).toEqual({ kind: 'app', appId: 7, exact: false });
    }
    expect(parseAppsPath('/apps/7/schemes/3/channels/9')).toEqual({ kind: 'channel', appId: 7, channelId: 9, edit: false });
    expect(parseAppsPath('/apps/7/schemes/3/channels/9/edit')).toEqual({ kind: 'channel', appId: 7, channelId: 9, edit: true });
    expect(parseAppsPath('/apps/7/debug_files/iOS')).toEqual({ kind: 'debug-files', appId: 7, platform: 'ios' });
  });

  it('leaves Tarmac\'s own screens and anything else alone', () => {
    for (const path of ['/apps', '/apps/', '/apps/7/channels/9', '/apps/7/channels/9/releases/3', '/apps/07', '/apps/-1', '/apps/x/edit',
      '/apps/7/schemes/3/channels/9/webhooks', '/apps/7/schemes/3/channels/x', '/apps/7/schemes/3/channels/9/edit/more', '/debug-files/7']) {
      expect(parseAppsPath(path), path).toBeUndefined();
    }
  });
});

describe('parseId and withQuery', () => {
  it('takes positive ids only and keeps the query, adding its own parameters', () => {
    expect([parseId('12'), parseId('0'), parseId('012'), parseId('1e3'), parseId(undefined), parseId('1'.repeat(13))]).toEqual([12, undefined, undefined, undefined, undefined, undefined]);
    expect(withQuery('/a', '/x?lang=en&grant=g')).toBe('/a?lang=en&grant=g');
    expect(withQuery('/a', '/x')).toBe('/a');
    expect(withQuery('/a', '/x?q=old&lang=en', { q: 'feature/1 2' })).toBe('/a?q=feature%2F1+2&lang=en');
  });
});
