import { plistXml } from '@tarmac/appinfo';
import { describe, expect, it } from 'vitest';
import { CallbackError, readDeviceAttributes } from './answer.ts';

function devicePlist(entries: Record<string, string>): Buffer {
  return Buffer.from(plistXml(entries));
}

// The plist itself is read by @tarmac/appinfo's parsePlist (its own tests cover the format);
// these check what the device answer adds: small limits, no key said twice, no binary plist, and
// every refusal a CallbackError.
describe('readDeviceAttributes reads the signed plist strictly', () => {
  const UDID = '<key>UDID</key><string>00008030-001A2B3C4D5E802E</string>';
  const answer = (inner: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>${UDID}${inner}</dict></plist>`);

  it('reads entities, comments, the DOCTYPE and values it does not use', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
      `<plist version="1.0"><dict><!-- note -->${UDID}` +
      '<key>DEVICE_NAME</key><string>&lt;x&gt; &#x4E2D;&#25991; &amp; B</string><key>n</key><integer>42</integer>' +
      '<key>list</key><array><true/><false/><real>1.5</real><string/></array><key>empty</key><dict/></dict></plist>';
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
    const after = Buffer.from(`<plist><dict>${UDID}</dict><string>b</string></plist>`);
    expect(() => readDeviceAttributes(after)).toThrow('not a valid property list');
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
