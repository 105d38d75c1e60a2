import { execFileSync } from 'node:child_process';
import { parsePlist, plistXml } from '@tarmac/appinfo';
import { describe, expect, it } from 'vitest';
import {
  CallbackError,
  DEVICE_ATTRIBUTES,
  appleWord,
  buildProfileServiceConfig,
  canonicalUdid,
  createChallenges,
  iosMajorFromBuild,
  isUdid,
  modelName,
  profileListsDevice,
  readDeviceAttributes,
  stableUuid,
  syncChanges,
  visitorDevice,
} from './fns.ts';

const SECRET = 'a-secret-key-for-tests-0123456789abcdef';

function devicePlist(entries: Record<string, string>): Buffer {
  return Buffer.from(plistXml(entries));
}

describe('UDIDs', () => {
  it('accepts both formats and gives Apple’s case', () => {
    expect(canonicalUdid('00008030-001a2b3c4d5e802e')).toBe('00008030-001A2B3C4D5E802E');
    expect(canonicalUdid('E801228C2086D3AACC917B9C3D19BFA56EFCAB5B')).toBe('e801228c2086d3aacc917b9c3d19bfa56efcab5b');
    // An Intel Mac, as Apple's portal lists it.
    expect(canonicalUdid('5b0f3e1a-9c2d-4e8f-a1b2-c3d4e5f60718')).toBe('5B0F3E1A-9C2D-4E8F-A1B2-C3D4E5F60718');
  });

  it('refuses anything else', () => {
    for (const bad of ['', '1', '00008030001A2B3C4D5E802E', '00008030-001A2B3C4D5E802', 'g801228c2086d3aacc917b9c3d19bfa56efcab5b', '00008030-001A2B3C4D5E802E\n', ' 00008030-001A2B3C4D5E802E', '5B0F3E1A-9C2D-4E8F-A1B2-C3D4E5F6071', '5B0F3E1A9C2D-4E8F-A1B2-C3D4E5F60718']) {
      expect(isUdid(bad), JSON.stringify(bad)).toBe(false);
      expect(canonicalUdid(bad)).toBeUndefined();
    }
  });
});

describe('challenges', () => {
  const challenges = createChallenges(SECRET, 3600);
  const now = Date.UTC(2026, 0, 1);

  it('accepts its own challenge until it expires, naming its nonce and expiry', () => {
    const token = challenges.issue(now);
    expect(token).toMatch(/^\d+\.[\w-]+\.[\w-]{32}$/);
    const nonce = token.split('.')[1];
    expect(challenges.check(token, now)).toEqual({ status: 'ok', nonce, expiresAt: now + 3600_000 });
    expect(challenges.check(token, now + 3599_000).status).toBe('ok');
    expect(challenges.check(token, now + 3600_000)).toEqual({ status: 'expired' });
  });

  it('lasts 15 minutes by default', () => {
    const short = createChallenges(SECRET);
    const token = short.issue(now);
    expect(short.check(token, now + 899_000).status).toBe('ok');
    expect(short.check(token, now + 900_000).status).toBe('expired');
  });

  it('refuses a missing, malformed, altered or foreign challenge', () => {
    const token = challenges.issue(now);
    const status = (value: string | undefined, checker = challenges) => checker.check(value, now).status;
    expect(status(undefined)).toBe('missing');
    expect(status('')).toBe('missing');
    expect(status('nonsense')).toBe('invalid');
    const [expiry, nonce, mac] = token.split('.') as [string, string, string];
    expect(status(`${Number(expiry) + 86400}.${nonce}.${mac}`)).toBe('invalid');
    expect(status(`${expiry}.${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBe('invalid');
    expect(status(token, createChallenges('another-secret-key-0123456789abcdefgh'))).toBe('invalid');
  });

  it('makes a new challenge each time', () => {
    expect(challenges.issue(now)).not.toBe(challenges.issue(now));
  });
});

// The plist itself is read by @tarmac/appinfo's parsePlist (its own tests cover the format);
// these check what the device answer adds: small limits, no key said twice, no binary plist, and
// every refusal a CallbackError.
describe('readDeviceAttributes reads the signed plist strictly', () => {
  const UDID = '<key>UDID</key><string>00008030-001A2B3C4D5E802E</string>';
  const answer = (inner: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>${UDID}${inner}</dict></plist>`);

  it('reads entities, comments, the DOCTYPE and values it does not use', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
      `<plist version="1.0"><dict><!-- note -->${UDID}<key>DEVICE_NAME</key><string>&lt;x&gt; &#x4E2D;&#25991; &amp; B</string>` +
      '<key>n</key><integer>42</integer><key>list</key><array><true/><false/><real>1.5</real><string/></array><key>empty</key><dict/></dict></plist>';
    expect(readDeviceAttributes(Buffer.from(xml)).deviceName).toBe('<x> 中文 & B');
  });

  it('keeps a "__proto__" key as data', () => {
    expect(readDeviceAttributes(answer('<key>__proto__</key><string>x</string>')).udid).toBe('00008030-001A2B3C4D5E802E');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([
    ['<key>UDID</key><string>00008030-001A2B3C4D5E802F</string>', 'appears twice'],
    ['<key>a</key>', 'has no value'],
    ['<string>a</string>', 'where a <key> belongs'],
    ['<key>a</key><string>a<b/></string>', 'contains markup'],
    ['<key>a</key><integer>x</integer>', 'integer'],
    ['<key>a</key><string>&bogus;</string>', '&bogus;'],
    ['<key>a</key><string>&#xD800;</string>', 'not a valid character'],
    ['<key>a</key><blob/>', 'not a property-list element'],
    [`<key>a</key>${'<array>'.repeat(20)}${'</array>'.repeat(20)}`, 'more than 8 levels deep'],
    [`<key>a</key><array>${'<true/>'.repeat(600)}</array>`, 'more than 500 values'],
  ])('refuses answer %#', (inner, message) => {
    expect(() => readDeviceAttributes(answer(inner))).toThrow(CallbackError);
    expect(() => readDeviceAttributes(answer(inner))).toThrow(message);
  });

  it('refuses a plist cut short or with content after its value', () => {
    expect(() => readDeviceAttributes(Buffer.from(`<plist><dict>${UDID}`))).toThrow('not a valid property list');
    expect(() => readDeviceAttributes(Buffer.from(`<plist><dict>${UDID}</dict><string>b</string></plist>`))).toThrow('not a valid property list');
  });
});

describe('buildProfileServiceConfig', () => {
  const xml = buildProfileServiceConfig({
    retrieveUrl: 'https://beta.example.com/udid/retrieve',
    challenge: 'the-challenge',
    uuid: stableUuid(SECRET, 'https://beta.example.com/udid/retrieve'),
    texts: { displayName: 'Name <&>', description: 'Description', organization: 'Org' },
  });

  it('is a Profile Service payload that libplist reads', () => {
    // plistutil (libplist) converts it to binary and back: what comes out is libplist's reading.
    const binary = execFileSync('plistutil', ['-f', 'bin', '-i', '-', '-o', '-'], { input: xml });
    expect(binary.subarray(0, 8).toString()).toBe('bplist00');
    const json = parsePlist(execFileSync('plistutil', ['-f', 'xml', '-i', '-', '-o', '-'], { input: binary }));
    expect(json).toEqual({
      PayloadContent: { URL: 'https://beta.example.com/udid/retrieve', DeviceAttributes: [...DEVICE_ATTRIBUTES], Challenge: 'the-challenge' },
      PayloadOrganization: 'Org',
      PayloadDisplayName: 'Name <&>',
      PayloadDescription: 'Description',
      PayloadVersion: 1,
      PayloadUUID: expect.stringMatching(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/),
      PayloadIdentifier: 'tarmac.profile-service.beta.example.com',
      PayloadType: 'Profile Service',
    });
  });

  it('derives a stable UUID per secret and address', () => {
    expect(stableUuid(SECRET, 'a')).toBe(stableUuid(SECRET, 'a'));
    expect(stableUuid(SECRET, 'a')).not.toBe(stableUuid(SECRET, 'b'));
    expect(stableUuid('other-secret-0123456789abcdefghijk', 'a')).not.toBe(stableUuid(SECRET, 'a'));
  });
});

describe('readDeviceAttributes', () => {
  it('reads what a device sends, UDID in Apple’s case', () => {
    const attributes = readDeviceAttributes(
      devicePlist({
        UDID: '00008030-001a2b3c4d5e802e',
        PRODUCT: 'iPhone15,2',
        VERSION: '21A329',
        SERIAL: 'F2LXK0XXXXXX',
        IMEI: '35 123456 789012 3',
        DEVICE_NAME: "Ann's\tiPhone",
        CHALLENGE: 'c',
      }),
    );
    expect(attributes).toEqual({
      udid: '00008030-001A2B3C4D5E802E',
      product: 'iPhone15,2',
      version: '21A329',
      serial: 'F2LXK0XXXXXX',
      imei: '35 123456 789012 3',
      deviceName: "Ann's iPhone",
      challenge: 'c',
    });
  });

  it('leaves absent attributes null and caps long ones to the column widths', () => {
    const attributes = readDeviceAttributes(devicePlist({ UDID: 'E801228C2086D3AACC917B9C3D19BFA56EFCAB5B', PRODUCT: 'x'.repeat(100), DEVICE_NAME: '名'.repeat(300) }));
    expect(attributes.udid).toBe('e801228c2086d3aacc917b9c3d19bfa56efcab5b');
    expect(attributes.product).toBe('x'.repeat(64));
    expect(attributes.deviceName).toBe('名'.repeat(255));
    expect(attributes.serial).toBeNull();
    expect(attributes.challenge).toBeUndefined();
  });

  it.each([
    [Buffer.from('<plist><dict><key>PRODUCT</key><string>x</string></dict></plist>'), 'The device attributes have no UDID'],
    [devicePlist({ UDID: 'not-a-udid' }), '"not-a-udid" is not a UDID'],
    [Buffer.from('<plist><array/></plist>'), 'is not a dictionary'],
    [Buffer.from('<plist><dict><key>UDID</key><integer>1</integer></dict></plist>'), 'The device attributes have no UDID'],
    [Buffer.from('bplist00\0\0\0'), 'binary plists are not accepted'],
    [Buffer.from('{"UDID": "x"}'), 'not a valid property list'],
  ])('refuses device answer %#', (content, message) => {
    expect(() => readDeviceAttributes(content)).toThrow(CallbackError);
    expect(() => readDeviceAttributes(content)).toThrow(message);
  });
});

describe('profileListsDevice', () => {
  const udid = 'e801228c2086d3aacc917b9c3d19bfa56efcab5b';
  const metadata = (profile: unknown) => JSON.stringify({ name: udid, details: { provisioning_profile: profile } });

  it('finds the UDID among the profile’s devices, in any case', () => {
    expect(profileListsDevice(metadata({ devices: ['00008030-001A2B3C4D5E802E', udid.toUpperCase()] }), udid)).toBe(true);
    expect(profileListsDevice(metadata({ devices: ['00008030-001A2B3C4D5E802E'] }), '00008030-001a2b3c4d5e802e')).toBe(true);
  });

  it('ignores the UDID anywhere else, and damaged metadata', () => {
    expect(profileListsDevice(metadata({ devices: [] }), udid)).toBe(false);
    expect(profileListsDevice(metadata({ devices: udid }), udid)).toBe(false);
    expect(profileListsDevice(metadata({ devices: [{ udid }] }), udid)).toBe(false);
    expect(profileListsDevice(metadata(null), udid)).toBe(false);
    expect(profileListsDevice('null', udid)).toBe(false);
    expect(profileListsDevice(`{"details": "${udid}"`, udid)).toBe(false);
  });
});

describe('visitorDevice', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'ios', null],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios', null],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 'mac', null],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36', 'android', null],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44(0x18002c2d) NetType/WIFI Language/zh_CN', 'ios', 'WeChat'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.0 MicroMessenger/7.0.1', 'ios', 'WeCom'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 AliApp(DingTalk/7.5.0) DingTalk(7.5.0)', 'ios', 'DingTalk'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'other', null],
    [undefined, 'other', null],
  ])('%s', (ua, platform, inApp) => {
    expect(visitorDevice(ua)).toEqual({ platform, inApp });
  });
});

describe('model names and iOS versions', () => {
  it('names common models and leaves unknown ones alone', () => {
    expect(modelName('iPhone15,2')).toBe('iPhone 14 Pro');
    expect(modelName('iPad13,18')).toBe('iPad (10th generation)');
    expect(modelName('iPhone99,9')).toBeNull();
    expect(modelName('constructor')).toBeNull();
    expect(modelName(null)).toBeNull();
  });

  it('reads the iOS major version from a build number', () => {
    expect(iosMajorFromBuild('13E230')).toBe(9);
    expect(iosMajorFromBuild('21A329')).toBe(17);
    expect(iosMajorFromBuild('22B83')).toBe(18);
    expect(iosMajorFromBuild('23A341')).toBe(26);
    expect(iosMajorFromBuild('17.0')).toBeNull();
    expect(iosMajorFromBuild(null)).toBeNull();
  });
});

describe('appleWord', () => {
  it("stores Apple's platform and status words in upper case, reading the older portal's words as the API's", () => {
    expect(appleWord('IOS', 'platform')).toBe('IOS');
    expect(appleWord('ios', 'platform')).toBe('IOS');
    expect(appleWord('mac', 'platform')).toBe('MAC_OS');
    expect(appleWord('MAC_OS', 'platform')).toBe('MAC_OS');
    expect(appleWord('VISION_OS', 'platform')).toBe('VISION_OS');
    expect(appleWord('enabled', 'status')).toBe('ENABLED');
    expect(appleWord('c', 'status')).toBe('ENABLED');
    expect(appleWord('r', 'status')).toBe('DISABLED');
    expect(appleWord('PROCESSING', 'status')).toBe('PROCESSING');
  });

  it('refuses anything but one word of letters, digits and underscores, at most 32', () => {
    for (const bad of ['', ' IOS', 'i OS', 'MAC-OS', '1OS', '_IOS', 'É', 'A'.repeat(33), 'IOS\n']) {
      expect(appleWord(bad, 'platform'), JSON.stringify(bad)).toBeUndefined();
    }
    expect(appleWord('A'.repeat(32), 'status')).toBe('A'.repeat(32));
  });
});

describe('syncChanges', () => {
  const stored = { name: 'QA iPhone', model_name: null, platform: 'IOS', status: 'ENABLED' };

  it('changes only what the sync says and differs', () => {
    expect(syncChanges(stored, { name: 'QA iPhone', model_name: null, platform: 'IOS', status: 'ENABLED' })).toEqual({});
    expect(syncChanges(stored, { name: null, model_name: null, platform: null, status: null })).toEqual({});
    expect(syncChanges(stored, { name: 'Ann’s iPhone', model_name: 'iPhone 15', platform: 'IOS', status: 'DISABLED' })).toEqual({
      name: 'Ann’s iPhone',
      model_name: 'iPhone 15',
      status: 'DISABLED',
    });
  });

  it('never clears a stored value', () => {
    expect(syncChanges(stored, { name: null, model_name: null, platform: null, status: 'DISABLED' })).toEqual({ status: 'DISABLED' });
  });
});
