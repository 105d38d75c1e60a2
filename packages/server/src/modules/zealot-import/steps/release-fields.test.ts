import { describe, expect, it } from 'vitest';
import { guessFormat, releaseFromZealot, zealotChangelog, zealotCustomFields, zealotDevice, zealotText } from './release-fields.ts';

const FILE = { fileKey: 'releases/x/app.apk', iconKey: null, sha256: 'ab'.repeat(32), size: 10, missing: null };

describe('Zealot release fields', () => {
  it('reads Zealot\'s changelog (jsonb entries, text of old rows, null) as Tarmac\'s entries', () => {
    expect(zealotChangelog([{ message: 'Fix', author: 'a', hash: 'abc' }, { message: '修复' }])).toEqual({
      entries: [{ message: 'Fix', author: 'a', hash: 'abc' }, { message: '修复' }], note: null,
    });
    expect(zealotChangelog('- one\n* two\n\nthree')).toEqual({ entries: [{ message: 'one' }, { message: 'two' }, { message: 'three' }], note: null });
    expect(zealotChangelog(null)).toEqual({ entries: [], note: null });
    expect(zealotChangelog([])).toEqual({ entries: [], note: null });
  });

  it('keeps what an upload would refuse as far as it fits, and says so', () => {
    const result = zealotChangelog([{ message: 'kept' }, { title: 'no message' }, 'a string']);
    expect(result.entries).toEqual([{ message: 'kept' }, { message: 'a string' }]);
    expect(result.note).toMatch(/^changelog shortened to 2 plain entries \(entry 2 has no message/);
  });

  it('keeps custom fields exactly; null is []', () => {
    expect(zealotCustomFields([{ name: 'QA', value: 'passed', icon: 'fas fa-check' }])).toEqual([{ name: 'QA', value: 'passed', icon: 'fas fa-check' }]);
    expect(zealotCustomFields({ tauri_signature: 'x' })).toEqual({ tauri_signature: 'x' });
    expect(zealotCustomFields(null)).toEqual([]);
  });

  it('text columns are trimmed and clipped; empty or non-text values are null', () => {
    expect(zealotText('  main ', 255)).toBe('main');
    expect(zealotText('', 255)).toBeNull();
    expect(zealotText(12, 255)).toBe('12');
    expect(zealotText({ a: 1 }, 255)).toBeNull();
    expect(zealotText('x'.repeat(300), 255)).toHaveLength(255);
  });

  it('guesses the format and device when the parser cannot say', () => {
    expect(guessFormat('My App.IPA', 'ios')).toBe('ipa');
    expect(guessFormat('build.aab', 'android')).toBe('aab');
    expect(guessFormat('noextension', 'android')).toBe('apk');
    expect(guessFormat(null, 'harmonyos')).toBe('hap');
    expect(zealotDevice('iPhone', 'ios')).toBe('iphone');
    expect(zealotDevice('Phone', 'android')).toBe('phone');
    expect(zealotDevice(null, 'ios')).toBe('iphone');
  });

  it('a row without a parser reading: Zealot\'s values, the guessed format, its dates as ISO', () => {
    const row = {
      id: 3, channel_id: 2, version: 2, release_version: '2.1.0', build_version: '10', bundle_id: 'com.example', name: 'Demo',
      device_type: 'Phone', release_type: 'release', source: null, branch: 'release/2.1', git_commit: 'abc', ci_url: null,
      changelog: [{ message: 'x' }], custom_fields: [], file: 'app.apk', created_at: '2024-04-10T16:45:12.250Z', updated_at: null,
    };
    const { values, notes } = releaseFromZealot({ row, platform: 'android', info: null, file: FILE, uploaderId: 7, now: '2026-01-01T00:00:00.000Z' });
    expect(notes).toEqual([]);
    expect(values).toMatchObject({
      release_version: '2.1.0', build_version: '10', release_type: 'release', source: 'api', branch: 'release/2.1', git_commit: 'abc',
      ci_url: null, name: 'Demo', bundle_id: 'com.example', platform: 'android', device_type: 'phone', format: 'apk', min_os_version: null,
      size: 10, checksum: FILE.sha256, file_key: FILE.fileKey, file_name: 'app.apk', file_missing: null, changelog: '[{"message":"x"}]',
      custom_fields: '[]', metadata: '{}', uploader_id: 7, created_at: '2024-04-10T16:45:12.250Z', updated_at: '2024-04-10T16:45:12.250Z',
    });
    expect(values.version_key).toMatch(/\S/);
  });

  it('notes a package of another platform than its channel\'s (Zealot accepted it), and keeps the parser\'s reading', () => {
    const info = { format: 'ipa', platform: 'ios', device: 'iphone', releaseVersion: '1.2.3', buildVersion: '5', bundleId: 'com.x',
      name: 'X', displayName: 'X', minOsVersion: '9.3', details: {} } as unknown as Parameters<typeof releaseFromZealot>[0]['info'];
    const { values, notes } = releaseFromZealot({ row: { id: 1, file: 'x.ipa' }, platform: 'android', info, file: FILE, uploaderId: null,
      now: '2026-01-01T00:00:00.000Z' });
    expect(notes).toEqual(['the file is a package for iOS; its channel takes Android builds (kept where Zealot had it)']);
    expect(values).toMatchObject({ platform: 'ios', format: 'ipa', device_type: 'iphone', min_os_version: '9.3', release_version: '1.2.3',
      name: 'X', created_at: '2026-01-01T00:00:00.000Z' });
  });
});
