// The pure rules of debug files: UUID input forms, the main bundle of a multi-bundle dSYM,
// the plans written for dSYM and Proguard zips, the sentences for files that are not debug
// files, download names, and the signed links (tampering, expiry, another file).
import type { DsymInfo, ProguardInfo } from '@tarmac/appinfo';
import { describe, expect, it } from 'vitest';
import {
  createDownloadSigner,
  debugFileDownloadName,
  mainBundle,
  normalizeUuid,
  notADebugFile,
  planDsym,
  planProguard,
  unknownDebugFile,
} from './fns.ts';

const UUID = 'ea9bbf2d-bfdd-3ce0-85b2-1cbe7152fca5';

describe('normalizeUuid', () => {
  it.each([UUID, UUID.toUpperCase(), UUID.replaceAll('-', ''), `{${UUID}}`, `  ${UUID.toUpperCase().replaceAll('-', '')}  `])('reads %s', (input) => {
    expect(normalizeUuid(input)).toBe(UUID);
  });

  it.each(['', 'xyz', UUID.slice(1), `${UUID}0`, UUID.replace('e', 'g')])('refuses %j', (input) => {
    expect(normalizeUuid(input)).toBeNull();
  });
});

type Bundle = DsymInfo['details']['bundles'][number];
const slice = (uuid: string | null, arch = 'arm64') => ({ uuid, arch, cpuType: 0x0100000c, size: 10 });
const bundle = (name: string, bundleId: string | null, object: string, uuids: (string | null)[], versions: [string | null, string | null] = ['1.0', '1']): Bundle => ({
  path: `dSYMs/${name}`,
  name,
  bundleId,
  releaseVersion: versions[0],
  buildVersion: versions[1],
  objects: [{ name: object, path: `dSYMs/${name}/Contents/Resources/DWARF/${object}`, size: 10, slices: uuids.map((u) => slice(u)) }],
});
const dsym = (bundles: Bundle[]): DsymInfo =>
  ({ format: 'dsym', platform: 'ios', name: bundles[0]?.objects[0]?.name ?? null, details: { bundles } }) as unknown as DsymInfo;

describe('mainBundle', () => {
  const widget = bundle('App.app.dSYM.widget.appex.dSYM', 'com.example.app.widget', 'Widget', ['11111111-1111-1111-1111-111111111111']);
  const watch = bundle('Watch.app.dSYM', 'com.example.app.watchkitapp', 'Watch', ['22222222-2222-2222-2222-222222222222']);
  const app = bundle('App.app.dSYM', 'com.example.app', 'App', [UUID]);
  const framework = bundle('Kit.framework.dSYM', 'com.example.kit', 'Kit', ['33333333-3333-3333-3333-333333333333']);

  it("is the bundle the channel's rule names", () => {
    expect(mainBundle([widget, watch, app], 'com.example.app.watchkitapp')).toBe(watch);
    expect(mainBundle([widget, app], 'com.example.*')).toBe(widget);
  });

  it('else the .app bundle with the shortest id (extensions extend their app\'s id), else the first', () => {
    expect(mainBundle([widget, watch, app, framework], '*')).toBe(app);
    expect(mainBundle([framework, widget], '*')).toBe(framework);
    expect(mainBundle([], '*')).toBeUndefined();
  });
});

describe('planDsym', () => {
  it('writes one entry per slice, the main bundle\'s objects not extensions, versions from the main bundle', () => {
    const app = bundle('App.app.dSYM', 'com.example.app', 'App', [UUID.toUpperCase(), null], ['2.0', '20']);
    const ext = bundle('Share.appex.dSYM', 'com.example.app.share', 'Share', ['44444444-4444-4444-4444-444444444444'], ['2.0', '20']);
    const plan = planDsym(dsym([ext, app]), '*');
    expect(plan).toMatchObject({ category: 'dsym', name: 'App', bundleId: 'com.example.app', releaseVersion: '2.0', buildVersion: '20' });
    expect(plan.entries.map((e) => [e.object, e.uuid, e.main, e.bundleName])).toEqual([
      ['Share', '44444444-4444-4444-4444-444444444444', false, 'Share.appex.dSYM'],
      ['App', UUID, true, 'App.app.dSYM'],
      ['App', null, true, 'App.app.dSYM'],
    ]);
  });

  it('takes the versions of another bundle when the main one has none', () => {
    const app = bundle('App.app.dSYM', 'com.example.app', 'App', [UUID], [null, null]);
    const ext = bundle('Share.appex.dSYM', 'com.example.app.share', 'Share', [], ['3.0', '30']);
    expect(planDsym(dsym([app, ext]), '*')).toMatchObject({ releaseVersion: '3.0', buildVersion: '30' });
  });
});

describe('planProguard', () => {
  it('keeps both ids, the package and the files', () => {
    const info = {
      format: 'proguard',
      details: {
        mappingPath: 'mapping.txt',
        mappingSize: 100,
        debugId: '0A1F3400-8261-513D-88B7-2DE2DE6D4CAE',
        zealotId: '81384aeb-4837-5f73-a771-417b4399a483',
        files: [{ name: 'mapping.txt', size: 100 }],
        manifest: 'xml',
        package: 'com.example',
        versionName: '1.2',
        versionCode: '12',
      },
    } as unknown as ProguardInfo;
    const plan = planProguard(info);
    expect(plan).toMatchObject({ category: 'proguard', name: 'com.example', bundleId: 'com.example', releaseVersion: '1.2', buildVersion: '12' });
    expect(plan.entries).toEqual([
      {
        uuid: '0a1f3400-8261-513d-88b7-2de2de6d4cae',
        altUuid: '81384aeb-4837-5f73-a771-417b4399a483',
        arch: 'proguard',
        object: 'com.example',
        bundleId: 'com.example',
        bundleName: null,
        main: true,
        size: 100,
        files: [{ name: 'mapping.txt', size: 100 }],
      },
    ]);
  });
});

describe('the sentences for files that are not debug files', () => {
  it('names the format of a package and where builds go', () => {
    expect(notADebugFile('ipa')).toMatch(/^is an iOS app \(ipa\), not a debug file \(builds go to POST \/api\/apps\/upload\): send a zip of the \.dSYM folders/);
    expect(notADebugFile('mobileprovision')).toMatch(/^is a provisioning profile, not a debug file: send/);
  });

  it("says what a zip holds, from the parser's message", () => {
    const parser =
      'A zip archive, but not a package Tarmac knows: no Payload/*.app (ipa), … or mapping.txt (Proguard) inside; it holds 2 entries such as "a.txt", "b/c.png"';
    expect(unknownDebugFile(parser)).toMatch(/^is a zip archive, but neither a dSYM .* nor a Proguard mapping .*: it holds 2 entries such as "a\.txt", "b\/c\.png"; send a zip/);
    expect(unknownDebugFile('Not a supported app or debug file: it starts with bytes 25 50 44 46 2d 31 2e 34, which match no ipa')).toMatch(
      /^is not a zip archive \(it starts with bytes 25 50 44 46 2d 31 2e 34\): debug files are uploaded as zips; send/,
    );
  });
});

describe('debugFileDownloadName', () => {
  const file = { id: 7, appName: 'My App', deviceType: 'ios', releaseVersion: '1.0', buildVersion: '12', fileName: 'App.app.dSYM.zip' };

  it("is Zealot's <app>_<device>_<release>_<build>_<file name>", () => {
    expect(debugFileDownloadName(file)).toBe('My-App_ios_1.0_12_App.app.dSYM.zip');
    expect(debugFileDownloadName({ ...file, releaseVersion: null, buildVersion: null })).toBe('My-App_ios_App.app.dSYM.zip');
  });

  it('always ends in .zip, never carries a path or a control character, and stays short', () => {
    expect(debugFileDownloadName({ ...file, fileName: '../../etc/symbols' })).toBe('My-App_ios_1.0_12_symbols.zip');
    expect(debugFileDownloadName({ ...file, fileName: 'a\u202egpj.zip' })).toBe('My-App_ios_1.0_12_agpj.zip');
    expect(debugFileDownloadName({ ...file, fileName: '' })).toBe('My-App_ios_1.0_12_debug-file-7.zip');
    expect([...debugFileDownloadName({ ...file, fileName: `${'x'.repeat(170)}.zip` })].length).toBeLessThanOrEqual(180);
  });
});

describe('signed download links', () => {
  const signer = createDownloadSigner('a-secret-key-long-enough-for-tests-0123456789');
  const file = { id: 3, checksum: 'a'.repeat(64) };
  const at = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('open the file until they expire (15 minutes)', () => {
    const { expires, signature } = signer.sign(file, at);
    expect(expires).toBe(at / 1000 + 15 * 60);
    expect(signer.verify(file, String(expires), signature, at + 14 * 60 * 1000)).toBe(true);
    expect(signer.verify(file, String(expires), signature, at + 15 * 60 * 1000)).toBe(false);
  });

  it('refuse another file, other contents, a changed expiry, another key and malformed values', () => {
    const { expires, signature } = signer.sign(file, at);
    expect(signer.verify({ ...file, id: 4 }, String(expires), signature, at)).toBe(false);
    expect(signer.verify({ ...file, checksum: 'b'.repeat(64) }, String(expires), signature, at)).toBe(false);
    expect(signer.verify(file, String(expires + 60), signature, at)).toBe(false);
    expect(createDownloadSigner('another-secret-key-long-enough-0123456789').verify(file, String(expires), signature, at)).toBe(false);
    expect(signer.verify(file, undefined, signature, at)).toBe(false);
    expect(signer.verify(file, [String(expires)], signature, at)).toBe(false);
    expect(signer.verify(file, String(expires), `${signature}=`, at)).toBe(false);
  });
});
