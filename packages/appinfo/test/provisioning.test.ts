// Provisioning profiles decide who can install a build: the profile type (Apple's rules:
// ProvisionsAllDevices → enterprise; devices and get-task-allow → development; devices only →
// ad-hoc; neither → App Store), the team, the device list and the expiry are what the upload
// page shows. We check the real profiles in ../shared/fixtures/provisioning against their
// README, then profiles we sign ourselves with `openssl cms` (definite DER and streamed BER
// with a chunked OCTET STRING), whose certificate facts openssl itself reports, and corrupt
// ones, which must fail as bad_provisioning_profile with a sentence saying what is wrong.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import type { MobileProvisionInfo } from '../src/formats/apple/mobileprovision.ts';
import { extractProfilePlist, looksLikeProvisioningProfile, parseProvisioningProfile, stripTeamPrefix } from '../src/formats/apple/provisioning.ts';
import { inspect } from '../src/inspect.ts';
import { failure, failureOf, fixture, run, tempDir } from './helpers.ts';

const DEVICE = 'e801228c2086d3aacc917b9c3d19bfa56efcab5b';

describe('the fixture profiles', () => {
  it('reads ios_development.mobileprovision: a development profile', async () => {
    const info = (await inspect(fixture('provisioning/ios_development.mobileprovision'))) as MobileProvisionInfo;
    expect(info.format).toBe('mobileprovision');
    expect(info.platform).toBe('ios');
    expect(info.device).toBe('unknown');
    expect(info.name).toBe('iOS Full Development');
    expect(info.bundleId).toBe('com.icyleaf.appinfo.test');
    expect(info.size).toBe(10591);
    const p = info.details;
    expect(p.type).toBe('development');
    expect(p.platform).toBe('ios');
    expect(p.platforms).toEqual(['iOS']);
    expect(p.devices).toEqual([DEVICE]);
    expect(p.provisionsAllDevices).toBe(false);
    expect(p.getTaskAllow).toBe(true);
    expect(p.teamName).toBe('Niceliving (Beijing) Technology Co., Ltd.');
    expect(p.teamIds).toEqual(['WKR87TTKML']);
    expect(p.appIdName).toBe('test by wangshen');
    expect(p.applicationIdentifier).toBe('WKR87TTKML.com.icyleaf.appinfo.test');
    expect(p.uuid).toBe('9b42a96b-b520-40ef-9748-eee6e7c40f0b');
    expect(p.createdAt).toBe('2020-07-21T08:43:27.000Z');
    expect(p.expiresAt).toBe('2021-07-21T08:43:27.000Z');
    expect(p.expired).toBe(true);
    expect(p.entitlements['get-task-allow']).toBe(true);
    expect(p.entitlements['aps-environment']).toBe('development');
    expect(Object.keys(p.entitlements)).toHaveLength(35);
    expect(p.developerCertificates).toHaveLength(1);
    const cert = p.developerCertificates[0]!;
    expect(cert.commonName).toBe('Apple Development: Shen Wang (A3Z3NZQ8V3)');
    expect(cert.organization).toBe('Niceliving (Beijing) Technology Co., Ltd.');
    expect(cert.organizationalUnit).toBe('WKR87TTKML');
    expect(cert.notAfter).toBe('2021-05-28T13:33:21.000Z');
    expect(cert.expired).toBe(true);
  });

  it('reads ios_adhoc.mobileprovision: an ad-hoc profile', async () => {
    const info = (await inspect(fixture('provisioning/ios_adhoc.mobileprovision'))) as MobileProvisionInfo;
    expect(info.name).toBe('iOS Full AdHoc');
    expect(info.details.type).toBe('adhoc');
    expect(info.details.getTaskAllow).toBe(false);
    expect(info.details.devices).toEqual([DEVICE]);
    expect(info.details.developerCertificates[0]!.commonName).toBe('Apple Distribution: Niceliving (Beijing) Technology Co., Ltd. (WKR87TTKML)');
  });

  it('reports each developer certificate as openssl does', () => {
    const { dir, cleanup } = tempDir();
    try {
      const profile = parseProvisioningProfile(readFileSync(fixture('provisioning/ios_development.mobileprovision')));
      const plist = run('openssl', ['cms', '-verify', '-noverify', '-inform', 'DER', '-in', fixture('provisioning/ios_development.mobileprovision')]);
      const base64 = /<key>DeveloperCertificates<\/key>\s*<array>\s*<data>([^<]+)<\/data>/.exec(plist)![1]!.replace(/\s+/g, '');
      const der = path.join(dir, 'cert.der');
      writeFileSync(der, Buffer.from(base64, 'base64'));
      const facts = opensslFacts(der, 'DER');
      const cert = profile.developerCertificates[0]!;
      expect(cert.serial).toBe(facts.serial);
      expect(cert.sha1).toBe(facts.sha1);
      expect(cert.sha256).toBe(facts.sha256);
      expect(cert.notBefore).toBe(facts.notBefore);
      expect(cert.notAfter).toBe(facts.notAfter);
    } finally {
      cleanup();
    }
  });

  it('rejects the empty and plist-less fixtures with a clear sentence', async () => {
    const empty = failure(() => parseProvisioningProfile(readFileSync(fixture('provisioning/invalid_empty.mobileprovision'))));
    expect(empty.code).toBe('bad_provisioning_profile');
    expect(empty.message).toBe('The provisioning profile is empty (0 bytes); export it again from Xcode or the Apple Developer site');
    const missing = failure(() => parseProvisioningProfile(readFileSync(fixture('provisioning/invalid_missing_plist_block.mobileprovision'))));
    expect(missing.code).toBe('bad_provisioning_profile');
    expect(missing.message).toContain('holds no plist block');
    // Through inspect, which detects by content: an empty file, and XML that is no profile.
    expect((await failureOf(inspect(fixture('provisioning/invalid_empty.mobileprovision')))).code).toBe('empty_file');
    expect((await failureOf(inspect(fixture('provisioning/invalid_missing_plist_block.mobileprovision')))).code).toBe('unknown_format');
  });
});

interface CertFacts {
  serial: string;
  sha1: string;
  sha256: string;
  notBefore: string;
  notAfter: string;
}

function opensslFacts(file: string, form: 'DER' | 'PEM'): CertFacts {
  const text = run('openssl', ['x509', '-inform', form, '-in', file, '-noout', '-serial', '-startdate', '-enddate']);
  const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(text)![1]!.trim();
  const fingerprint = (algorithm: string) =>
    /Fingerprint=(.*)$/m.exec(run('openssl', ['x509', '-inform', form, '-in', file, '-noout', '-fingerprint', `-${algorithm}`]))![1]!.replace(/:/g, '').toLowerCase();
  return {
    serial: field('serial').toLowerCase(),
    sha1: fingerprint('sha1'),
    sha256: fingerprint('sha256'),
    notBefore: new Date(field('notBefore')).toISOString(),
    notAfter: new Date(field('notAfter')).toISOString(),
  };
}

interface ProfileSpec {
  name: string;
  platform?: string;
  devices?: readonly string[];
  allDevices?: boolean;
  getTaskAllow: boolean;
  expires: string;
}

describe('profiles signed with openssl cms', () => {
  const { dir, cleanup } = tempDir();
  let certPem = '';
  let certDer: Buffer = Buffer.alloc(0);

  beforeAll(() => {
    // Apple's developer certificates carry the team in UID/OU and the person in CN.
    run('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '400',
      '-subj', '/UID=TEAMID1234/CN=Apple Development: Test Person (PERSON1234)/OU=TEAMID1234/O=Example Corp/C=US',
    ]);
    certPem = path.join(dir, 'cert.pem');
    certDer = readDer(certPem);
  });
  afterAll(() => cleanup());

  function readDer(pem: string): Buffer {
    const out = path.join(dir, 'cert.der');
    run('openssl', ['x509', '-in', pem, '-outform', 'DER', '-out', out]);
    return readFileSync(out);
  }

  function profileXml(spec: ProfileSpec): string {
    const devices = (spec.devices ?? []).map((d) => `\t\t<string>${d}</string>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key>
	<string>Example App</string>
	<key>ApplicationIdentifierPrefix</key>
	<array><string>TEAMID1234</string></array>
	<key>CreationDate</key>
	<date>2024-01-02T03:04:05Z</date>
	<key>Platform</key>
	<array><string>${spec.platform ?? 'iOS'}</string></array>
	<key>DeveloperCertificates</key>
	<array><data>${certDer.toString('base64')}</data></array>
	<key>Entitlements</key>
	<dict>
		<key>application-identifier</key>
		<string>TEAMID1234.com.example.app</string>
		<key>get-task-allow</key>
		<${spec.getTaskAllow}/>
		<key>keychain-access-groups</key>
		<array><string>TEAMID1234.*</string></array>
	</dict>
	<key>ExpirationDate</key>
	<date>${spec.expires}</date>
	<key>Name</key>
	<string>${spec.name}</string>
${spec.devices ? `\t<key>ProvisionedDevices</key>\n\t<array>\n${devices}\n\t</array>` : ''}
${spec.allDevices ? '\t<key>ProvisionsAllDevices</key>\n\t<true/>' : ''}
	<key>TeamIdentifier</key>
	<array><string>TEAMID1234</string></array>
	<key>TeamName</key>
	<string>Example Corp</string>
	<key>TimeToLive</key>
	<integer>365</integer>
	<key>UUID</key>
	<string>0f8fad5b-d9cb-469f-a165-70867728950e</string>
	<key>Version</key>
	<integer>1</integer>
</dict>
</plist>
`;
  }

  function sign(content: string, options: { stream?: boolean; detached?: boolean } = {}): Buffer {
    const input = path.join(dir, 'content.xml');
    const output = path.join(dir, 'signed.der');
    writeFileSync(input, content);
    run('openssl', [
      'cms', '-sign', '-binary', '-outform', 'DER', '-in', input, '-out', output,
      '-signer', certPem, '-inkey', path.join(dir, 'key.pem'),
      ...(options.detached ? [] : ['-nodetach']), ...(options.stream ? ['-stream'] : []),
    ]);
    return readFileSync(output);
  }

  it.each([
    ['development', { name: 'Dev', devices: [DEVICE, 'aaaa'], getTaskAllow: true }],
    ['adhoc', { name: 'AdHoc', devices: [DEVICE], getTaskAllow: false }],
    ['appstore', { name: 'Store', getTaskAllow: false }],
    ['enterprise', { name: 'InHouse', allDevices: true, getTaskAllow: false }],
  ] as const)('classifies a %s profile by Apple’s rules', async (type, spec) => {
    const data = sign(profileXml({ ...spec, expires: '2099-01-01T00:00:00Z' }));
    expect(looksLikeProvisioningProfile(data)).toBe(true);
    const info = (await inspect(data)) as MobileProvisionInfo;
    expect(info.format).toBe('mobileprovision');
    expect(info.name).toBe(spec.name);
    expect(info.bundleId).toBe('com.example.app');
    expect(info.details.type).toBe(type);
    expect(info.details.expired).toBe(false);
    expect(info.details.expiresAt).toBe('2099-01-01T00:00:00.000Z');
    expect(info.details.createdAt).toBe('2024-01-02T03:04:05.000Z');
    expect(info.details.provisionsAllDevices).toBe(type === 'enterprise');
  });

  it('reads the certificate as openssl reports it', () => {
    const profile = parseProvisioningProfile(sign(profileXml({ name: 'Dev', devices: [DEVICE], getTaskAllow: true, expires: '2099-01-01T00:00:00Z' })));
    const cert = profile.developerCertificates[0]!;
    expect(cert.commonName).toBe('Apple Development: Test Person (PERSON1234)');
    expect(cert.organization).toBe('Example Corp');
    expect(cert.organizationalUnit).toBe('TEAMID1234');
    expect(cert.userId).toBe('TEAMID1234');
    expect(cert.subject).toBe('UID=TEAMID1234, CN=Apple Development: Test Person (PERSON1234), OU=TEAMID1234, O=Example Corp, C=US');
    expect(cert.expired).toBe(false);
    expect(cert).toMatchObject(opensslFacts(certPem, 'PEM'));
  });

  it('reads a streamed (BER, chunked OCTET STRING) profile with many devices', async () => {
    const devices = Array.from({ length: 500 }, (_, i) => i.toString(16).padStart(40, '0'));
    const data = sign(profileXml({ name: 'Big', devices, getTaskAllow: false, expires: '2001-01-01T00:00:00Z' }), { stream: true });
    // Indefinite length: the outer SEQUENCE's length byte is 0x80, and the plist spans 4 KiB chunks.
    expect(data[1]).toBe(0x80);
    expect(run('openssl', ['asn1parse', '-inform', 'DER', '-in', path.join(dir, 'signed.der')]).match(/prim: OCTET STRING +:/g)!.length).toBeGreaterThan(3);
    const info = (await inspect(data)) as MobileProvisionInfo;
    expect(info.details.devices).toEqual(devices);
    expect(info.details.type).toBe('adhoc');
    expect(info.details.expired).toBe(true);
  });

  it('reports a macOS profile as macos, and a profile decoded to its bare plist', async () => {
    const mac = (await inspect(sign(profileXml({ name: 'Mac Dev', platform: 'OSX', devices: [DEVICE], getTaskAllow: true, expires: '2099-01-01T00:00:00Z' })))) as MobileProvisionInfo;
    expect(mac.platform).toBe('macos');
    expect(mac.details.platform).toBe('macos');
    expect(mac.details.platforms).toEqual(['OSX']);
    const bare = (await inspect(Buffer.from(profileXml({ name: 'Decoded', getTaskAllow: false, expires: '2099-01-01T00:00:00Z' })))) as MobileProvisionInfo;
    expect(bare.format).toBe('mobileprovision');
    expect(bare.details.type).toBe('appstore');
  });

  it('rejects corrupt CMS with bad_provisioning_profile', async () => {
    const good = sign(profileXml({ name: 'Dev', devices: [DEVICE], getTaskAllow: true, expires: '2099-01-01T00:00:00Z' }));
    // Truncated at several boundaries: inside the header, the content and the signature.
    for (const cut of [1, 10, 40, 300, good.length - 100, good.length - 1]) {
      const error = failure(() => parseProvisioningProfile(good.subarray(0, cut)));
      expect(error.code).toBe('bad_provisioning_profile');
      expect(error.message).toMatch(/CMS signature structure is corrupt|no plist block/);
    }
    // Through inspect the truncated file is still recognised by its first bytes.
    const cut = await failureOf(inspect(good.subarray(0, good.length - 100)));
    expect(cut.code).toBe('bad_provisioning_profile');
    expect(cut.message).toContain("The provisioning profile's CMS signature structure is corrupt");

    // A content type other than signed data (pkcs7-data: ...01.07.01).
    const wrongType = Buffer.from(good);
    wrongType[wrongType.indexOf(Buffer.from([0x01, 0x07, 0x02])) + 2] = 0x01;
    expect(failure(() => parseProvisioningProfile(wrongType)).message).toBe("The provisioning profile's CMS content type is 1.2.840.113549.1.7.1, not signed data (1.2.840.113549.1.7.2)");

    // Signed data whose content is not a plist, and a detached signature without content.
    expect(failure(() => parseProvisioningProfile(sign('just text'))).message).toBe(
      'The provisioning profile holds no plist block: its signed content (9 bytes) is not a property list',
    );
    expect(failure(() => parseProvisioningProfile(sign(profileXml({ name: 'D', getTaskAllow: false, expires: '2099-01-01T00:00:00Z' }), { detached: true }))).message).toBe(
      'The provisioning profile holds no plist block: its CMS signed data carries no content',
    );

    // Not DER at all.
    expect(failure(() => parseProvisioningProfile(Buffer.from('GIF89a....'))).message).toBe(
      'Not a provisioning profile: a CMS-signed profile starts with a DER SEQUENCE (byte 0x30), but this file starts with bytes 47 49 46 38 39 61 2e 2e',
    );

    // A developer certificate that is not X.509.
    const badCert = profileXml({ name: 'Dev', devices: [DEVICE], getTaskAllow: true, expires: '2099-01-01T00:00:00Z' }).replace(certDer.toString('base64'), 'AAECAwQ=');
    const certError = failure(() => parseProvisioningProfile(sign(badCert)));
    expect(certError.code).toBe('bad_provisioning_profile');
    expect(certError.message).toContain('Developer certificate 1 in the provisioning profile is not a valid X.509 certificate');

    // A signed plist that is itself broken is a bad_plist.
    const brokenPlist = failure(() => parseProvisioningProfile(sign('<plist><dict><key>Name</key></dict></plist>')));
    expect(brokenPlist.code).toBe('bad_plist');

    // Every single-byte flip of the DER header gives a typed error or a result, never a crash.
    for (let i = 0; i < 80; i++) {
      const copy = Buffer.from(good);
      copy[i] = copy[i]! ^ 0x55;
      try {
        parseProvisioningProfile(copy);
      } catch (error) {
        expect(error).toBeInstanceOf(AppInfoError);
      }
    }
  });

  it('extracts the plist bytes and strips team prefixes', () => {
    const xml = profileXml({ name: 'Dev', getTaskAllow: false, expires: '2099-01-01T00:00:00Z' });
    expect(extractProfilePlist(sign(xml)).toString('utf8')).toBe(xml);
    expect(stripTeamPrefix('TEAMID1234.com.example.app', ['TEAMID1234'])).toBe('com.example.app');
    expect(stripTeamPrefix('ABCDE12345.com.example.app', [])).toBe('com.example.app');
    expect(stripTeamPrefix('com.example.app', ['TEAMID1234'])).toBe('com.example.app');
    expect(stripTeamPrefix('TEAMID1234.*', ['TEAMID1234'])).toBe('*');
  });
});
