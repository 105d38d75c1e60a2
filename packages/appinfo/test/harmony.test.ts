// HarmonyOS packages. The real DevEco-built fixture (apps/harmony.hap) must report the
// README's values, with its label resolved through the binary resources.index. Then:
// .app bundles (a zip of .hap modules plus pack.info) built here from the fixture, .hap
// files built from a module.json and a resources.index written by a small encoder of the
// documented layout (so locales and numeric-id fallbacks have known answers), and hostile
// variants — a module.json that is not JSON or is huge, a resource table cut at every
// boundary or with lying counts — each ending in a typed error that names the problem.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import type { HarmonyAppInfo } from '../src/formats/harmony/app.ts';
import type { HapInfo } from '../src/formats/harmony/hap.ts';
import { decodeApiVersion } from '../src/formats/harmony/hap.ts';
import { parseResourceIndex, resolveResource, resourceValues } from '../src/formats/harmony/resources-index.ts';
import { isPng, pngSize } from '../src/image/png.ts';
import { inspect, inspectIcon } from '../src/inspect.ts';
import { failureOf, fixture, makeZip, tempDir } from './helpers.ts';
import type { ZipInput } from './helpers.ts';

const HAP = fixture('apps/harmony.hap');

/** Reads one entry of a zip through inspect's own machinery (the fixture's icon bytes). */
async function zipEntry(file: string, name: string): Promise<Buffer> {
  const { fileReader } = await import('../src/io/file-reader.ts');
  const { openZip } = await import('../src/zip/zip.ts');
  const reader = await fileReader(file);
  try {
    const zip = await openZip(reader);
    const data = await zip.read(zip.get(name)!);
    await zip.close();
    return data;
  } finally {
    await reader.close();
  }
}

// ---------------------------------------------------------------------------------------
// A resources.index encoder following the layout documented in resources-index.ts.

interface Resource {
  id: number;
  type: number;
  name: string;
  value: string;
}
interface Config {
  keys: [number, number][];
  resources: Resource[];
}

function lengthPrefixed(text: string): Buffer {
  const bytes = Buffer.concat([Buffer.from(text), Buffer.from([0])]);
  const length = Buffer.alloc(2);
  length.writeUInt16LE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function buildResourceIndex(configs: Config[]): Buffer {
  const header = Buffer.alloc(136);
  header.write('Restool 5.008', 0, 'latin1');
  header.writeUInt32LE(configs.length, 132);
  const keysSize = configs.reduce((sum, c) => sum + 12 + c.keys.length * 8, 0);
  let idSetAt = 136 + keysSize;
  const idSetSizes = configs.map((c) => 8 + c.resources.length * 8);
  let entryAt = idSetAt + idSetSizes.reduce((a, b) => a + b, 0);
  const keyParts: Buffer[] = [];
  const idParts: Buffer[] = [];
  const entryParts: Buffer[] = [];
  configs.forEach((config, i) => {
    const keys = Buffer.alloc(12 + config.keys.length * 8);
    keys.write('KEYS', 0, 'latin1');
    keys.writeUInt32LE(idSetAt, 4);
    keys.writeUInt32LE(config.keys.length, 8);
    config.keys.forEach(([type, value], k) => {
      keys.writeUInt32LE(type, 12 + k * 8);
      keys.writeUInt32LE(value, 16 + k * 8);
    });
    keyParts.push(keys);
    const ids = Buffer.alloc(idSetSizes[i]!);
    ids.write('IDSS', 0, 'latin1');
    ids.writeUInt32LE(config.resources.length, 4);
    config.resources.forEach((resource, j) => {
      const body = Buffer.concat([Buffer.alloc(8), lengthPrefixed(resource.value), lengthPrefixed(resource.name)]);
      body.writeUInt32LE(resource.type, 0);
      body.writeUInt32LE(resource.id, 4);
      const size = Buffer.alloc(4);
      size.writeUInt32LE(body.length);
      ids.writeUInt32LE(resource.id, 8 + j * 8);
      ids.writeUInt32LE(entryAt, 12 + j * 8);
      entryParts.push(size, body);
      entryAt += 4 + body.length;
    });
    idParts.push(ids);
    idSetAt += ids.length;
  });
  const out = Buffer.concat([header, ...keyParts, ...idParts, ...entryParts]);
  out.writeUInt32LE(out.length, 128);
  return out;
}

/** "en" → 0x656e: letters packed with the last one in the lowest byte. */
function letters(text: string): number {
  return [...text].reduce((value, ch) => value * 256 + ch.charCodeAt(0), 0);
}

const STRING = 9;
const MEDIA = 19;

function moduleJson(overrides: { app?: Record<string, unknown>; module?: Record<string, unknown> } = {}): string {
  return JSON.stringify({
    app: {
      bundleName: 'com.tarmac.watchface',
      vendor: 'tarmac',
      versionCode: 2003,
      versionName: '2.0.3',
      minAPIVersion: 9,
      targetAPIVersion: 40100011,
      label: '$string:app_name',
      labelId: 0x01000000,
      icon: '$media:app_icon',
      iconId: 0x01000001,
      ...overrides.app,
    },
    module: { name: 'watch', type: 'entry', deviceTypes: ['wearable', 'phone'], requestPermissions: [{ name: 'ohos.permission.INTERNET' }, { reason: 'no name' }], ...overrides.module },
  });
}

async function builtHap(entries: ZipInput[]): Promise<HapInfo> {
  return (await inspect(makeZip(entries))) as HapInfo;
}

// ---------------------------------------------------------------------------------------

describe('HarmonyOS fixture (apps/harmony.hap)', () => {
  it('reports the README values, label resolved through resources.index', async () => {
    const info = (await inspect(HAP)) as HapInfo;
    expect(info).toMatchObject({
      format: 'hap',
      platform: 'harmonyos',
      device: 'phone',
      name: 'MyApplication',
      displayName: 'MyApplication',
      bundleId: 'com.example.myapplication',
      releaseVersion: '1.0.0',
      buildVersion: '1000000',
      minOsVersion: '12',
      size: 142283,
      archs: [],
      icons: [{ path: 'resources/base/media/app_icon.png', width: 41, height: 41, kind: 'png' }],
    });
    expect(info.size).toBe(statSync(HAP).size);
    expect(info.details).toMatchObject({
      bundleName: 'com.example.myapplication',
      bundleType: 'app',
      vendor: 'example',
      versionName: '1.0.0',
      versionCode: 1000000,
      minApiVersion: 12,
      minApiVersionRaw: 50000012,
      targetApiVersion: 12,
      targetApiVersionRaw: 50000012,
      minOsRelease: '5.0.0',
      compileSdkVersion: '5.0.0.25',
      compileSdkType: 'HarmonyOS',
      apiReleaseType: 'Beta1',
      debug: true,
      label: '$string:app_name',
      icon: '$media:app_icon',
      labels: { '': 'MyApplication' },
      iconPath: 'entry/resources/base/media/app_icon.png',
      deviceTypes: ['phone', 'tablet', '2in1'],
      packages: [{ name: 'entry-default', moduleType: 'entry', deviceTypes: ['phone', 'tablet', '2in1'] }],
      resourceTableVersion: 'Restool 5.008',
    });
    expect(info.details.module).toMatchObject({
      name: 'entry',
      type: 'entry',
      mainElement: 'EntryAbility',
      deviceTypes: ['phone', 'tablet', '2in1'],
      installationFree: false,
      deliveryWithInstall: true,
      abilities: [{ name: 'EntryAbility', label: '$string:EntryAbility_label', icon: '$media:layered_image', exported: true, actions: ['action.system.home'], entities: ['entity.system.home'] }],
      extensionAbilities: [{ name: 'EntryBackupAbility', type: 'backup' }],
      requestPermissions: [],
    });
  });

  it('loads the $media:app_icon PNG byte for byte', async () => {
    const icon = await inspectIcon(HAP);
    expect(icon).not.toBeNull();
    expect(isPng(icon!)).toBe(true);
    expect(icon!.equals(await zipEntry(HAP, 'resources/base/media/app_icon.png'))).toBe(true);
  });

  it('resolves every resource of the fixture table, by name and by id, in every configuration', async () => {
    const table = parseResourceIndex(await zipEntry(HAP, 'resources.index'));
    expect(table.version).toBe('Restool 5.008');
    expect(table.configs.map((c) => c.qualifier)).toEqual(['', 'en_US', 'zh_CN']);
    expect(table.configs[0]!.entries).toHaveLength(12);
    expect(resolveResource(table, '$string:app_name')).toEqual({ id: 0x01000000, type: 'string', name: 'app_name', value: 'MyApplication' });
    expect(resolveResource(table, 0x01000001)?.value).toBe('entry/resources/base/media/app_icon.png');
    expect(resolveResource(table, '$color:start_window_background')?.value).toBe('#FFFFFF');
    expect(resolveResource(table, '$profile:main_pages')?.value).toBe('entry/resources/base/profile/main_pages.json');
    expect(resourceValues(table, '$string:module_desc')).toEqual({ '': 'module description', en_US: 'module description', zh_CN: '模块描述' });
    expect(resolveResource(table, '$string:module_desc', 'zh_CN')?.value).toBe('模块描述');
    expect(resolveResource(table, '$string:missing')).toBeNull();
    expect(resolveResource(table, 'not a reference')).toBeNull();
  });

  it('prints snake_case JSON from the CLI, writes the icon, and reports a bad file as JSON with exit 1', () => {
    const { dir, cleanup } = tempDir();
    try {
      const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
      const iconOut = path.join(dir, 'icon.png');
      const ok = spawnSync(process.execPath, [cli, HAP, '--icon', iconOut], { encoding: 'utf8' });
      expect(ok.status).toBe(0);
      const json = JSON.parse(ok.stdout);
      expect(json).toMatchObject({ format: 'hap', platform: 'harmonyos', name: 'MyApplication', bundle_id: 'com.example.myapplication', release_version: '1.0.0', build_version: '1000000', min_os_version: '12' });
      expect(json.details.min_api_version_raw).toBe(50000012);
      expect(json.details.labels).toEqual({ '': 'MyApplication' });
      expect(pngSize(readFileSync(iconOut))).toEqual({ width: 41, height: 41 });

      const broken = path.join(dir, 'broken.hap');
      writeFileSync(broken, makeZip([{ name: 'module.json', data: '{"app": ' }]));
      const bad = spawnSync(process.execPath, [cli, broken], { encoding: 'utf8' });
      expect(bad.status).toBe(1);
      const error = JSON.parse(bad.stdout).error;
      expect(error.code).toBe('corrupt_file');
      expect(error.message).toMatch(/module\.json is not valid JSON/);
    } finally {
      cleanup();
    }
  });
});

describe('HarmonyOS .app bundles built from the fixture', () => {
  const hap = readFileSync(HAP);
  const packInfo = JSON.stringify({
    summary: { app: { bundleName: 'com.example.myapplication', version: { code: 1000000, name: '1.0.0' } } },
    packages: [
      { name: 'feature-default', moduleType: 'feature', deviceType: ['tablet'] },
      { name: 'entry-default', moduleType: 'entry', deviceType: ['phone', 'tablet', '2in1'] },
    ],
  });

  for (const store of [true, false]) {
    it(`reports the entry module and lists every module (${store ? 'stored' : 'deflated'} inner .hap)`, async () => {
      const app = makeZip([
        { name: 'feature-default.hap', data: hap, store },
        { name: 'entry-default-signed.hap', data: hap, store },
        { name: 'pack.info', data: packInfo },
      ]);
      const info = (await inspect(app)) as HarmonyAppInfo;
      expect(info).toMatchObject({
        format: 'harmony_app',
        platform: 'harmonyos',
        device: 'phone',
        name: 'MyApplication',
        bundleId: 'com.example.myapplication',
        releaseVersion: '1.0.0',
        buildVersion: '1000000',
        minOsVersion: '12',
        size: app.length,
      });
      expect(info.details.entryModule).toBe('entry-default-signed.hap');
      expect(info.details.modules).toEqual([
        { path: 'feature-default.hap', size: hap.length, name: 'feature-default', moduleType: 'feature', deviceTypes: ['tablet'] },
        { path: 'entry-default-signed.hap', size: hap.length, name: 'entry-default', moduleType: 'entry', deviceTypes: ['phone', 'tablet', '2in1'] },
      ]);
      const icon = await inspectIcon(app);
      expect(pngSize(icon!)).toEqual({ width: 41, height: 41 });
    });
  }

  it('names the broken module when an inner .hap is not a zip', async () => {
    const app = makeZip([{ name: 'entry-default.hap', data: 'not a zip at all', store: true }, { name: 'pack.info', data: packInfo }]);
    const error = await failureOf(inspect(app));
    expect(error.code).toBe('corrupt_zip');
    expect(error.message).toMatch(/The module entry-default\.hap inside the \.app is not a readable \.hap/);
  });

  it('rejects an .app whose pack.info is not JSON', async () => {
    const error = await failureOf(inspect(makeZip([{ name: 'entry.hap', data: hap }, { name: 'pack.info', data: '<xml/>' }])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/pack\.info is not valid JSON/);
  });
});

describe('.hap files built here', () => {
  it('resolves locale-specific labels and the icon through a resources.index written here', async () => {
    const icon = await zipEntry(HAP, 'resources/base/media/app_icon.png');
    const index = buildResourceIndex([
      {
        keys: [],
        resources: [
          { id: 0x01000000, type: STRING, name: 'app_name', value: 'Watch Face' },
          { id: 0x01000001, type: MEDIA, name: 'app_icon', value: 'watch/resources/base/media/app_icon.png' },
        ],
      },
      { keys: [[0, letters('zh')], [5, letters('Hans')], [1, letters('CN')]], resources: [{ id: 0x01000000, type: STRING, name: 'app_name', value: '表盘' }] },
      { keys: [[0, letters('de')], [6, 1]], resources: [{ id: 0x01000000, type: STRING, name: 'app_name', value: 'Zifferblatt' }] },
    ]);
    const info = await builtHap([
      { name: 'module.json', data: moduleJson() },
      { name: 'resources.index', data: index },
      { name: 'resources/base/media/app_icon.png', data: icon },
      { name: 'libs/arm64-v8a/libwatch.so', data: 'ELF' },
    ]);
    expect(info).toMatchObject({
      format: 'hap',
      device: 'wearable',
      name: 'Watch Face',
      bundleId: 'com.tarmac.watchface',
      releaseVersion: '2.0.3',
      buildVersion: '2003',
      minOsVersion: '9',
      archs: ['arm64-v8a'],
      icons: [{ path: 'resources/base/media/app_icon.png', width: 41, height: 41, kind: 'png' }],
    });
    expect(info.details).toMatchObject({
      minApiVersion: 9,
      minApiVersionRaw: 9,
      minOsRelease: null,
      targetApiVersion: 11,
      targetApiVersionRaw: 40100011,
      labels: { '': 'Watch Face', zh_Hans_CN: '表盘', 'de-color1': 'Zifferblatt' },
      deviceTypes: ['wearable', 'phone'],
      packages: [],
    });
    expect(info.details.module.requestPermissions).toEqual(['ohos.permission.INTERNET']);
    expect((await inspectIcon(makeZip([{ name: 'module.json', data: moduleJson() }, { name: 'resources.index', data: index }, { name: 'resources/base/media/app_icon.png', data: icon }])))!.equals(icon)).toBe(true);
  });

  it('falls back to the numeric labelId, and to the bundle name without a resource table', async () => {
    const index = buildResourceIndex([{ keys: [], resources: [{ id: 0x01000000, type: STRING, name: 'renamed', value: 'By Id' }] }]);
    expect((await builtHap([{ name: 'module.json', data: moduleJson() }, { name: 'resources.index', data: index }])).name).toBe('By Id');
    const bare = await builtHap([{ name: 'module.json', data: moduleJson() }]);
    expect(bare).toMatchObject({ name: 'com.tarmac.watchface', icons: [] });
    expect(bare.details).toMatchObject({ labels: {}, iconPath: null, resourceTableVersion: null });
    expect(await inspectIcon(makeZip([{ name: 'module.json', data: moduleJson() }]))).toBeNull();
    const literal = await builtHap([{ name: 'module.json', data: moduleJson({ app: { label: 'Plain Label' } }) }]);
    expect(literal.name).toBe('Plain Label');
  });

  it('maps every device type and API encoding', async () => {
    const cases: [string, string][] = [['default', 'phone'], ['tablet', 'tablet'], ['2in1', '2in1'], ['wearable', 'wearable'], ['car', 'car'], ['tv', 'television'], ['fridge', 'unknown']];
    for (const [type, device] of cases) {
      const info = await builtHap([{ name: 'module.json', data: moduleJson({ module: { deviceTypes: [type] } }) }]);
      expect(info.device, type).toBe(device);
    }
    expect((await builtHap([{ name: 'module.json', data: moduleJson({ module: { deviceTypes: [] } }) }])).device).toBe('unknown');
    expect(decodeApiVersion(50000012)).toEqual({ api: 12, release: '5.0.0' });
    expect(decodeApiVersion(50100013)).toEqual({ api: 13, release: '5.1.0' });
    expect(decodeApiVersion(10)).toEqual({ api: 10, release: null });
    expect(decodeApiVersion(null)).toEqual({ api: null, release: null });
    expect(decodeApiVersion(-1)).toEqual({ api: null, release: null });
  });

  it('loads the foreground of a layered icon', async () => {
    const icon = await zipEntry(HAP, 'resources/base/media/app_icon.png');
    const index = buildResourceIndex([
      {
        keys: [],
        resources: [
          { id: 0x01000001, type: MEDIA, name: 'layered', value: 'watch/resources/base/media/layered.json' },
          { id: 0x01000002, type: MEDIA, name: 'fg', value: 'watch/resources/base/media/fg.png' },
        ],
      },
    ]);
    const zip = makeZip([
      { name: 'module.json', data: moduleJson({ app: { icon: '$media:layered' } }) },
      { name: 'resources.index', data: index },
      { name: 'resources/base/media/layered.json', data: JSON.stringify({ 'layered-image': { background: '$media:bg', foreground: '$media:fg' } }) },
      { name: 'resources/base/media/fg.png', data: icon },
    ]);
    const info = (await inspect(zip)) as HapInfo;
    expect(info.icons).toEqual([{ path: 'resources/base/media/layered.json', width: null, height: null, kind: 'json' }]);
    expect((await inspectIcon(zip))!.equals(icon)).toBe(true);
  });
});

describe('hostile HarmonyOS packages', () => {
  it('rejects a module.json that is not JSON, not an object, lacks "app", or is too large', async () => {
    let error = await failureOf(inspect(makeZip([{ name: 'module.json', data: '{"app": {"bundleName": ' }])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/The module manifest module\.json is not valid JSON/);
    error = await failureOf(inspect(makeZip([{ name: 'module.json', data: '[1, 2]' }])));
    expect(error.message).toMatch(/is not a JSON object/);
    error = await failureOf(inspect(makeZip([{ name: 'module.json', data: '{"module": {}}' }])));
    expect(error.code).toBe('corrupt_file');
    expect(error.message).toMatch(/no "app" object/);
    error = await failureOf(inspect(makeZip([{ name: 'module.json', data: `{"app": {"x": "${randomBytes(4 * 1024 * 1024).toString('base64')}"}}` }])));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(/module\.json/);
  });

  it('survives odd module.json values by ignoring them', async () => {
    const info = await builtHap([{ name: 'module.json', data: JSON.stringify({ app: { bundleName: 42, versionCode: 'x', minAPIVersion: 'x' }, module: { deviceTypes: 'phone', abilities: [null, 3, { skills: 'no' }] } }) }]);
    expect(info).toMatchObject({ bundleId: '42', buildVersion: 'x', minOsVersion: null, device: 'unknown' });
    expect(info.details.module.abilities).toEqual([{ name: '', label: null, icon: null, exported: null, actions: [], entities: [] }]);
  });

  it('rejects a resources.index cut at every boundary with a typed error', async () => {
    const index = await zipEntry(HAP, 'resources.index');
    // Header, key configurations, id sets, entries: cut inside each.
    for (const cut of [0, 100, 135, 140, 0xcc + 4, 0x134 + 4, 0x174 + 2, 0x180, 0x190, 1000, index.length - 1]) {
      const truncated = index.subarray(0, cut);
      const error = await failureOf(inspect(makeZip([{ name: 'module.json', data: moduleJson() }, { name: 'resources.index', data: truncated }])));
      expect(error.code, `cut at ${cut}`).toBe('corrupt_file');
      expect(error.message).toMatch(/resources\.index is corrupt/);
    }
  });

  it('rejects absurd counts, bad tags and lying entries in resources.index', async () => {
    const index = await zipEntry(HAP, 'resources.index');
    const patch = (at: number, value: number | string) => {
      const copy = Buffer.from(index);
      if (typeof value === 'string') copy.write(value, at, 'latin1');
      else copy.writeUInt32LE(value, at);
      return parseResourceIndex(copy);
    };
    const failure = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        expect(error).toBeInstanceOf(AppInfoError);
        return error as AppInfoError;
      }
      throw new Error('expected an AppInfoError');
    };
    expect(failure(() => patch(132, 10_000_000)).message).toMatch(/declares 10000000 configurations/);
    expect(failure(() => patch(136, 'XXXX')).message).toMatch(/does not start with "KEYS"/);
    expect(failure(() => patch(144, 1_000_000)).message).toMatch(/keys/);
    expect(failure(() => patch(0xcc, 'NOPE')).message).toMatch(/does not start with "IDSS"/);
    expect(failure(() => patch(0xd0, 0x7fffffff)).message).toMatch(/outside|more than/);
    expect(failure(() => patch(0xd8, 0xfffffff0)).message).toMatch(/outside/);
    expect(failure(() => patch(0x17c, 0x0100ffff)).message).toMatch(/its entry says 0x100ffff/);
    expect(failure(() => patch(0x174, 2)).message).toMatch(/only 2 bytes long/);
    expect(failure(() => patch(0x174, 0x10000)).message).toMatch(/outside/);
    expect(failure(() => patch(128, 1_000_000)).message).toMatch(/declares 1000000 bytes/);
    const badValue = Buffer.from(index);
    badValue.writeUInt16LE(0x7fff, 0x180);
    expect(failure(() => parseResourceIndex(badValue)).message).toMatch(/runs past its entry/);
  });
});
