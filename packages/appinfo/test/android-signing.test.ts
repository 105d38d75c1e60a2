// Android signatures. APKs are built with aapt and signed by apksigner with each scheme
// combination (v1 JAR signing, v2, v3) and with RSA and EC keys; the schemes and the
// certificate (DN, SHA-256, SHA-1, key) must be what `apksigner verify --print-certs -v`
// says. v3.1 cannot be produced by Debian's apksigner (31.x), so its block is made from a real
// v3 block by changing its ID, as apksigner 33+ writes the same structure under 0x1b93ad61.
// A signing block or a PKCS#7 file that lies about its lengths must fail with corrupt_file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import type { ApkInfo } from '../src/formats/android/apk.ts';
import type { AabInfo } from '../src/formats/android/aab.ts';
import { inspect } from '../src/inspect.ts';
import { fileReader } from '../src/io/file-reader.ts';
import { openZip } from '../src/zip/zip.ts';
import { fixture, run, tempDir } from './helpers.ts';

const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';

/** The signer lines apksigner prints: schemes verified and the first signer's certificate. */
interface ApksignerAnswer {
  schemes: string[];
  dn: string;
  sha256: string;
  sha1: string;
  keyAlgorithm: string;
  keySize: number;
}

function apksignerVerify(file: string, minSdk?: number): ApksignerAnswer {
  // Below API 24 apksigner insists on a v1 signature; --min-sdk-version 24 verifies v2+ alone.
  const out = run('apksigner', ['verify', '--print-certs', '-v', ...(minSdk ? ['--min-sdk-version', String(minSdk)] : []), file]);
  const schemes = [...out.matchAll(/Verified using (v[\d.]+) scheme \([^)]*\): true/g)].map((m) => m[1]!);
  const line = (key: string) => new RegExp(`Signer #1 ${key}: (.*)`).exec(out)?.[1]?.trim() ?? '';
  return {
    schemes,
    dn: line('certificate DN'),
    sha256: line('certificate SHA-256 digest'),
    sha1: line('certificate SHA-1 digest'),
    keyAlgorithm: line('key algorithm'),
    keySize: Number(line('key size \\(bits\\)')),
  };
}

async function expectError(input: string | Buffer, code: string, gist: RegExp): Promise<void> {
  const error = await inspect(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppInfoError);
  expect((error as AppInfoError).code).toBe(code);
  expect((error as AppInfoError).message).toMatch(gist);
}

/** Offset of the signing block's magic, which ends 16 bytes before the central directory. */
function magicOffset(apk: Buffer): number {
  const at = apk.lastIndexOf(Buffer.from('APK Sig Block 42'));
  expect(at).toBeGreaterThan(0);
  return at;
}

describe('APK signatures made by apksigner', () => {
  let dir: string;
  let cleanup: () => void;
  let unsigned: string;

  beforeAll(() => {
    ({ dir, cleanup } = tempDir());
    mkdirSync(path.join(dir, 'res/values'), { recursive: true });
    writeFileSync(path.join(dir, 'res/values/strings.xml'), '<resources><string name="app_name">Signed</string></resources>');
    writeFileSync(
      path.join(dir, 'AndroidManifest.xml'),
      `<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.tarmac.signed" android:versionCode="1" android:versionName="1.0">
  <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="29" />
  <application android:label="@string/app_name" />
</manifest>`,
    );
    const raw = path.join(dir, 'raw.apk');
    run('aapt', ['package', '-f', '-M', path.join(dir, 'AndroidManifest.xml'), '-S', path.join(dir, 'res'), '-I', FRAMEWORK, '-F', raw]);
    unsigned = path.join(dir, 'unsigned.apk');
    run('zipalign', ['-f', '4', raw, unsigned]);
    // An RSA key with a certificate, and an EC P-256 one, as PKCS#8 DER keys for apksigner.
    run('openssl', ['req', '-x509', '-newkey', 'rsa:3072', '-nodes', '-keyout', path.join(dir, 'rsa.pem'), '-out', path.join(dir, 'rsa.crt'), '-days', '3650', '-subj', '/C=CN/ST=Beijing/L=Beijing/O=Tarmac, Inc./OU=Mobile/CN=Tarmac RSA']);
    run('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', path.join(dir, 'ec.pem')]);
    run('openssl', ['req', '-x509', '-new', '-key', path.join(dir, 'ec.pem'), '-out', path.join(dir, 'ec.crt'), '-days', '365', '-subj', '/O=Tarmac/CN=Tarmac EC']);
    for (const key of ['rsa', 'ec']) {
      run('openssl', ['pkcs8', '-topk8', '-inform', 'PEM', '-outform', 'DER', '-in', path.join(dir, `${key}.pem`), '-out', path.join(dir, `${key}.pk8`), '-nocrypt']);
    }
  });
  afterAll(() => cleanup());

  function sign(name: string, key: 'rsa' | 'ec', v1: boolean, v2: boolean, v3: boolean): string {
    const out = path.join(dir, `${name}.apk`);
    run('apksigner', [
      'sign',
      '--key',
      path.join(dir, `${key}.pk8`),
      '--cert',
      path.join(dir, `${key}.crt`),
      '--v1-signing-enabled',
      String(v1),
      '--v2-signing-enabled',
      String(v2),
      '--v3-signing-enabled',
      String(v3),
      '--out',
      out,
      unsigned,
    ]);
    return out;
  }

  const combinations: [string, 'rsa' | 'ec', boolean, boolean, boolean, string[]][] = [
    ['v1+v2+v3 RSA', 'rsa', true, true, true, ['v1', 'v2', 'v3']],
    ['v1 only', 'rsa', true, false, false, ['v1']],
    ['v2 only', 'rsa', false, true, false, ['v2']],
    ['v3 only, EC key', 'ec', false, false, true, ['v3']],
    ['v1+v2, EC key', 'ec', true, true, false, ['v1', 'v2']],
  ];
  for (const [name, key, v1, v2, v3, schemes] of combinations) {
    it(`reads ${name} as apksigner verifies it`, async () => {
      const file = sign(name.replace(/\W+/g, '-'), key, v1, v2, v3);
      const expected = apksignerVerify(file, v1 ? undefined : 24);
      expect(expected.schemes).toEqual(schemes);
      const info = (await inspect(file)) as ApkInfo;
      const signing = info.details.signing;
      expect(signing.schemes).toEqual(schemes);
      // apksigner names the signature files after the key file (rsa.pk8 → META-INF/RSA.RSA).
      expect(signing.v1Files).toEqual(v1 ? [`META-INF/${key.toUpperCase()}.${key === 'rsa' ? 'RSA' : 'EC'}`] : []);
      expect(signing.certificates).toHaveLength(1);
      const cert = signing.certificates[0]!;
      expect(cert).toMatchObject({
        subject: expected.dn,
        issuer: expected.dn,
        sha256: expected.sha256,
        sha1: expected.sha1,
        keyAlgorithm: expected.keyAlgorithm,
        keySize: expected.keySize,
        schemes,
      });
      // The same certificate as openssl sees it: serial and validity.
      const pem = path.join(dir, `${key}.crt`);
      const serial = run('openssl', ['x509', '-in', pem, '-noout', '-serial']).trim().split('=')[1]!.toLowerCase();
      expect(cert.serialNumber).toBe(serial.replace(/^0+(?=.)/, ''));
      const notAfter = run('openssl', ['x509', '-in', pem, '-noout', '-enddate']).trim().split('=')[1]!;
      expect(new Date(cert.notAfter).getTime()).toBe(new Date(notAfter).getTime());
    });
  }

  it('names a distinguished name as apksigner does, quoting a value with a comma', async () => {
    const info = (await inspect(sign('dn', 'rsa', false, true, false))) as ApkInfo;
    expect(info.details.signing.certificates[0]!.subject).toBe('CN=Tarmac RSA, OU=Mobile, O="Tarmac, Inc.", L=Beijing, ST=Beijing, C=CN');
  });

  it('recognises a v3.1 block (the v3 structure under ID 0x1b93ad61)', async () => {
    const apk = Buffer.from(readFileSync(sign('v31', 'rsa', false, false, true)));
    const magic = magicOffset(apk);
    const size = Number(apk.readBigUInt64LE(magic - 8));
    const start = magic + 16 - size - 8;
    let pos = start + 8;
    let found = false;
    while (pos < magic - 8) {
      const length = Number(apk.readBigUInt64LE(pos));
      if (apk.readUInt32LE(pos + 8) === 0xf05368c0) {
        apk.writeUInt32LE(0x1b93ad61, pos + 8);
        found = true;
      }
      pos += 8 + length;
    }
    expect(found).toBe(true);
    const info = (await inspect(apk)) as ApkInfo;
    expect(info.details.signing.schemes).toEqual(['v3.1']);
    expect(info.details.signing.certificates[0]!.schemes).toEqual(['v3.1']);
  });

  it('refuses a signing block whose ID-value pair lies about its length', async () => {
    const apk = Buffer.from(readFileSync(sign('lying-pair', 'rsa', false, true, false)));
    const magic = magicOffset(apk);
    const start = magic + 16 - Number(apk.readBigUInt64LE(magic - 8)) - 8;
    apk.writeBigUInt64LE(0xffffffffn, start + 8);
    await expectError(apk, 'corrupt_file', /APK Signing Block is corrupt: an ID-value pair at byte \d+ declares 4294967295 bytes/);
  });

  it('refuses a signing block whose size runs before the start of the file', async () => {
    const apk = Buffer.from(readFileSync(sign('lying-size', 'rsa', false, true, false)));
    const magic = magicOffset(apk);
    apk.writeBigUInt64LE(BigInt(apk.length * 4), magic - 8);
    await expectError(apk, 'corrupt_file', /APK Signing Block is corrupt: its footer declares \d+ bytes, but only \d+ bytes precede the central directory/);
  });

  it('refuses a v2 signer list that lies about its length', async () => {
    const apk = Buffer.from(readFileSync(sign('lying-signer', 'rsa', false, true, false)));
    const magic = magicOffset(apk);
    const start = magic + 16 - Number(apk.readBigUInt64LE(magic - 8)) - 8;
    expect(apk.readUInt32LE(start + 16)).toBe(0x7109871a);
    apk.writeUInt32LE(0x7fffffff, start + 20); // the value's u32 signer-list length
    await expectError(apk, 'corrupt_file', /the v2 signature's signer list declares 2147483647 bytes/);
  });

  it('refuses a v1 signature file that is not PKCS#7', async () => {
    const root = path.join(dir, 'junk');
    mkdirSync(path.join(root, 'META-INF'), { recursive: true });
    writeFileSync(path.join(root, 'META-INF/CERT.RSA'), 'this is not a signature');
    const file = path.join(root, 'junk.apk');
    writeFileSync(file, readFileSync(unsigned));
    run('aapt', ['add', file, 'META-INF/CERT.RSA'], { cwd: root });
    await expectError(file, 'corrupt_file', /The v1 signature META-INF\/CERT\.RSA is not a valid PKCS#7 signature/);
  });

  it('reports an unsigned APK as having no scheme and no certificate', async () => {
    const info = (await inspect(unsigned)) as ApkInfo;
    expect(info.details.signing).toEqual({ schemes: [], v1Files: [], certificates: [] });
  });
});

describe('the fixtures\' signatures', () => {
  it('reads android.apk (v1 + v2) as apksigner verifies it', async () => {
    const file = fixture('apps/android.apk');
    const expected = apksignerVerify(file);
    const info = (await inspect(file)) as ApkInfo;
    expect(info.details.signing.schemes).toEqual(expected.schemes);
    expect(info.details.signing.v1Files).toEqual(['META-INF/CERT.RSA']);
    expect(info.details.signing.certificates).toEqual([
      {
        subject: expected.dn,
        issuer: expected.dn,
        serialNumber: '4fb17ac2',
        notBefore: '2021-12-16T03:56:19.000Z',
        notAfter: '2051-12-09T03:56:19.000Z',
        sha1: expected.sha1,
        sha256: '2fd3021861d47ca726351e90d6ef4b0ef7920b146f00839fdb5f865801d031c9',
        keyAlgorithm: 'RSA',
        keySize: 2048,
        schemes: ['v1', 'v2'],
      },
    ]);
    expect(expected.sha256).toBe('2fd3021861d47ca726351e90d6ef4b0ef7920b146f00839fdb5f865801d031c9');
  });

  it('reads android.aab (v1, META-INF/KEY0.RSA) as openssl reads its PKCS#7', async () => {
    const file = fixture('apps/android.aab');
    const reader = await fileReader(file);
    const zip = await openZip(reader);
    const rsa = await zip.read(zip.get('META-INF/KEY0.RSA')!);
    await zip.close();
    await reader.close();
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(path.join(dir, 'KEY0.RSA'), rsa);
      const pem = run('openssl', ['pkcs7', '-inform', 'DER', '-in', path.join(dir, 'KEY0.RSA'), '-print_certs']);
      const fingerprint = run('openssl', ['x509', '-noout', '-fingerprint', '-sha256'], { input: pem }).trim().split('=')[1]!.replace(/:/g, '').toLowerCase();
      const info = (await inspect(file)) as AabInfo;
      expect(info.details.signing.schemes).toEqual(['v1']);
      expect(info.details.signing.v1Files).toEqual(['META-INF/KEY0.RSA']);
      expect(info.details.signing.certificates.map((c) => c.sha256)).toEqual([fingerprint]);
    } finally {
      cleanup();
    }
  });
});
