// Proguard / R8 mapping zips. Crash reporters find a mapping by a UUID v5 of its bytes:
// Sentry's namespace is UUIDv5(DNS, "guardsquare.com"), Zealot's (the app-info gem's) is
// UUIDv5(DNS, "icyleaf.com"); both must match the values the fixture README gives, and stay
// equal to a whole-buffer hash when the mapping is streamed in chunks (stored or deflated,
// large or small). An optional plain-XML AndroidManifest.xml gives package and versions; a
// binary one is noted and skipped. Corrupt entries end in typed errors.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppInfoError } from '../src/errors.ts';
import type { ProguardInfo } from '../src/formats/proguard.ts';
import { DNS_NAMESPACE, SENTRY_PROGUARD_NAMESPACE, uuidv5, ZEALOT_PROGUARD_NAMESPACE } from '../src/formats/proguard.ts';
import { inspect } from '../src/inspect.ts';
import { failureOf, fixture, makeZip, tempDir } from './helpers.ts';

const MAPPING = `com.example.MainActivity -> a.a:
    int counter -> a
    1:1:void onCreate(android.os.Bundle):10:10 -> onCreate
com.example.Util -> a.b:
    java.lang.String format(int) -> a
`;

describe('uuidv5', () => {
  it('matches the RFC 4122 example and the namespaces crash reporters use', () => {
    // Python: uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org') == 886313e1-3b8a-5372-9b90-0c9aee199e5d
    expect(uuidv5(DNS_NAMESPACE, 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(SENTRY_PROGUARD_NAMESPACE).toBe(uuidv5(DNS_NAMESPACE, 'guardsquare.com'));
    expect(ZEALOT_PROGUARD_NAMESPACE).toBe(uuidv5(DNS_NAMESPACE, 'icyleaf.com'));
    expect(() => uuidv5('not-a-uuid', 'x')).toThrow(TypeError);
  });
});

describe('Proguard fixture (debug-files/android-proguard-mapping.zip)', () => {
  it('reports the README values: both ids, mapping only, no manifest', async () => {
    const info = (await inspect(fixture('debug-files/android-proguard-mapping.zip'))) as ProguardInfo;
    expect(info).toMatchObject({
      format: 'proguard',
      platform: 'android',
      device: 'unknown',
      name: null,
      bundleId: null,
      releaseVersion: null,
      buildVersion: null,
      size: 174706,
      archs: [],
      icons: [],
    });
    expect(info.details).toEqual({
      mappingPath: 'mapping.txt',
      mappingSize: 1666940,
      debugId: '0a1f3400-8261-513d-88b7-2de2de6d4cae',
      zealotId: '81384aeb-4837-5f73-a771-417b4399a483',
      files: [{ name: 'mapping.txt', size: 1666940 }],
      manifest: null,
      package: null,
      versionName: null,
      versionCode: null,
    });
  });

  it('prints snake_case JSON from the CLI', () => {
    const cli = path.resolve(import.meta.dirname, '../bin/appinfo.js');
    const result = spawnSync(process.execPath, [cli, fixture('debug-files/android-proguard-mapping.zip')], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.format).toBe('proguard');
    expect(json.details.debug_id).toBe('0a1f3400-8261-513d-88b7-2de2de6d4cae');
    expect(json.details.zealot_id).toBe('81384aeb-4837-5f73-a771-417b4399a483');
    expect(json.details.mapping_path).toBe('mapping.txt');
  });
});

describe('Proguard zips built here', () => {
  it('hashes the mapping the same whether stored or deflated, at any depth, and lists every file', async () => {
    const expected = { debugId: uuidv5(SENTRY_PROGUARD_NAMESPACE, MAPPING), zealotId: uuidv5(ZEALOT_PROGUARD_NAMESPACE, MAPPING) };
    for (const store of [true, false]) {
      const zip = makeZip([
        { name: 'outputs/', data: '' },
        { name: 'outputs/mapping/release/mapping.txt', data: MAPPING, store },
        { name: 'outputs/mapping/release/R.txt', data: 'int string app_name 0x7f010000\n' },
        { name: 'outputs/mapping/release/seeds.txt', data: 'com.example.MainActivity\n' },
      ]);
      const info = (await inspect(zip)) as ProguardInfo;
      expect(info.details).toMatchObject({ mappingPath: 'outputs/mapping/release/mapping.txt', mappingSize: MAPPING.length, ...expected });
      expect(info.details.files).toEqual([
        { name: 'outputs/mapping/release/mapping.txt', size: MAPPING.length },
        { name: 'outputs/mapping/release/R.txt', size: 31 },
        { name: 'outputs/mapping/release/seeds.txt', size: 25 },
      ]);
    }
  });

  it('streams a multi-megabyte mapping in chunks to the same id as a whole-buffer hash', async () => {
    // Random text does not compress, so both the stored and the inflated path cross many chunks.
    const big = Buffer.from(randomBytes(3 * 1024 * 1024).toString('base64'));
    for (const store of [true, false]) {
      const info = (await inspect(makeZip([{ name: 'mapping.txt', data: big, store }]))) as ProguardInfo;
      expect(info.details.debugId).toBe(uuidv5(SENTRY_PROGUARD_NAMESPACE, big));
      expect(info.details.zealotId).toBe(uuidv5(ZEALOT_PROGUARD_NAMESPACE, big));
      expect(info.details.mappingSize).toBe(big.length);
    }
  });

  it('reads package and versions from a plain-XML AndroidManifest.xml (also from a file path)', async () => {
    const manifest = `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.tarmac.demo"
    android:versionCode="42" android:versionName="3.1.4">
  <application android:label="Demo"/>
</manifest>`;
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'symbols.zip');
      writeFileSync(file, makeZip([{ name: 'mapping.txt', data: MAPPING }, { name: 'AndroidManifest.xml', data: manifest }, { name: 'R.txt', data: '' }]));
      const info = (await inspect(file)) as ProguardInfo;
      expect(info).toMatchObject({ name: 'com.tarmac.demo', bundleId: 'com.tarmac.demo', releaseVersion: '3.1.4', buildVersion: '42' });
      expect(info.details).toMatchObject({ manifest: 'xml', package: 'com.tarmac.demo', versionName: '3.1.4', versionCode: '42' });
    } finally {
      cleanup();
    }
  });

  it('notes a binary (AXML) manifest without reading it', async () => {
    const axml = Buffer.alloc(64);
    axml.writeUInt16LE(0x0003, 0);
    axml.writeUInt16LE(0x0008, 2);
    axml.writeUInt32LE(64, 4);
    const info = (await inspect(makeZip([{ name: 'mapping.txt', data: MAPPING }, { name: 'AndroidManifest.xml', data: axml }]))) as ProguardInfo;
    expect(info.details).toMatchObject({ manifest: 'binary', package: null, versionName: null, versionCode: null });
  });

  it('leaves an apk that carries a mapping.txt to the apk parser', async () => {
    const zip = makeZip([{ name: 'mapping.txt', data: MAPPING }, { name: 'classes.dex', data: 'dex\n035\0' }]);
    const result = await inspect(zip).then(
      (info) => info.format,
      (error: AppInfoError) => error.code,
    );
    expect(result).not.toBe('proguard');
  });
});

describe('hostile Proguard zips', () => {
  it('rejects a manifest with an entity bomb', async () => {
    const bomb = '<!DOCTYPE m [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><manifest package="&b;"/>';
    const error = await failureOf(inspect(makeZip([{ name: 'mapping.txt', data: MAPPING }, { name: 'AndroidManifest.xml', data: bomb }])));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/internal subset/);
  });

  it('rejects a manifest whose root is not <manifest>', async () => {
    const error = await failureOf(inspect(makeZip([{ name: 'mapping.txt', data: MAPPING }, { name: 'AndroidManifest.xml', data: '<resources/>' }])));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/root element <resources>, not <manifest>/);
  });

  it('rejects a mapping whose bytes fail the CRC, whose size lies, or whose deflate stream is broken', async () => {
    const good = makeZip([{ name: 'mapping.txt', data: MAPPING, store: true }]);
    // Flip one byte of the stored data (it starts after the 30-byte header and the name).
    const flipped = Buffer.from(good);
    flipped[30 + 'mapping.txt'.length + 5]! ^= 0xff;
    let error = await failureOf(inspect(flipped));
    expect(error.code).toBe('corrupt_zip');
    expect(error.message).toMatch(/fails its CRC-32 check/);

    const deflated = makeZip([{ name: 'mapping.txt', data: MAPPING.repeat(50) }]);
    const broken = Buffer.from(deflated);
    for (let i = 0; i < 8; i++) broken[30 + 'mapping.txt'.length + 2 + i] = 0xff;
    error = await failureOf(inspect(broken));
    expect(error.code).toBe('corrupt_zip');

    // The central directory claims one byte more than the entry holds.
    const lying = Buffer.from(good);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(MAPPING.length + 1, central + 24);
    error = await failureOf(inspect(lying));
    expect(error.code).toBe('corrupt_zip');
  });

  it('rejects an impossible compression ratio as a zip bomb before inflating', async () => {
    const zip = Buffer.from(makeZip([{ name: 'mapping.txt', data: MAPPING }]));
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(0x7fffffff, central + 24); // uncompressed size: 2 GiB from a few bytes
    const error = await failureOf(inspect(zip));
    expect(['zip_bomb', 'limit_exceeded']).toContain(error.code);
  });

  it('rejects a truncated zip', async () => {
    const zip = makeZip([{ name: 'mapping.txt', data: MAPPING }]);
    const error = await failureOf(inspect(zip.subarray(0, zip.length - 30)));
    expect(error.code).toBe('corrupt_zip');
  });
});
