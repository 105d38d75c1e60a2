// Property lists come from uploaded files: an Info.plist, a provisioning profile. The parser
// must read every XML and binary form Apple's tools write (checked against plistutil, which
// converts one to the other), and refuse hostile ones — nesting bombs, reference cycles,
// "billion laughs" through shared binary references, out-of-range offsets — with a typed
// error, never a hang or a RangeError.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppInfoError } from '../src/errors.ts';
import { looksLikePlist, parsePlist, plistArray, plistBool, plistDate, plistDict, plistDicts, plistNumber, plistString, plistStrings, plistSubDict, plistToJson } from '../src/plist/index.ts';
import { plistXml, xmlText } from '../src/plist/writer.ts';
import { failure, run, tempDir } from './helpers.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<!-- a comment -->
<dict>
	<key>CFBundleName</key>
	<string>Démo ✓ &lt;&amp;&gt; &quot;q&quot; &apos;a&apos; &#65;&#x42;</string>
	<key>Cdata</key>
	<string><![CDATA[<not a tag> & raw]]> tail</string>
	<key>Empty</key>
	<string/>
	<key>Big</key>
	<integer>18446744073709551615</integer>
	<key>Max63</key>
	<integer>9223372036854775807</integer>
	<key>Negative</key>
	<integer>-42</integer>
	<key>Safe</key>
	<integer>9007199254740991</integer>
	<key>Real</key>
	<real>-1.25e2</real>
	<key>When</key>
	<date>2017-07-27T09:44:49Z</date>
	<key>Blob</key>
	<data>
	AAEC
	/w==
	</data>
	<key>Yes</key>
	<true/>
	<key>No</key>
	<false/>
	<key>List</key>
	<array>
		<integer>1</integer>
		<string>two</string>
		<dict>
			<key>deep</key>
			<array><array/></array>
		</dict>
	</array>
	<key>EmptyDict</key>
	<dict/>
	<key>__proto__</key>
	<string>just a key</string>
</dict>
</plist>
`;

describe('XML property lists', () => {
  it('reads every element type, entities and CDATA', () => {
    const value = plistDict(parsePlist(Buffer.from(XML)), 'root');
    expect(value['CFBundleName']).toBe(`Démo ✓ <&> "q" 'a' AB`);
    expect(value['Cdata']).toBe('<not a tag> & raw tail');
    expect(value['Empty']).toBe('');
    expect(value['Big']).toBe(18446744073709551615n);
    expect(value['Max63']).toBe(9223372036854775807n);
    expect(value['Negative']).toBe(-42);
    expect(value['Safe']).toBe(Number.MAX_SAFE_INTEGER);
    expect(value['Real']).toBe(-125);
    expect(value['When']).toEqual(new Date('2017-07-27T09:44:49Z'));
    expect(value['Blob']).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(value['Yes']).toBe(true);
    expect(value['No']).toBe(false);
    expect(value['List']).toEqual([1, 'two', { deep: [[]] }]);
    expect(value['EmptyDict']).toEqual({});
    // A hostile key never becomes the object's prototype.
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('just a key');
  });

  it('gives typed getters and a JSON-safe copy', () => {
    const value = plistDict(parsePlist(Buffer.from(XML)), 'root');
    expect(plistString(value, 'CFBundleName')).toMatch(/^Démo/);
    expect(plistString(value, 'Negative')).toBe('-42');
    expect(plistString(value, 'Yes')).toBeNull();
    expect(plistString(value, 'missing')).toBeNull();
    expect(plistString(value, 'toString')).toBeNull();
    expect(plistBool(value, 'Yes')).toBe(true);
    expect(plistBool(value, 'Real')).toBeNull();
    expect(plistNumber(value, 'Real')).toBe(-125);
    expect(plistDate(value, 'When')?.toISOString()).toBe('2017-07-27T09:44:49.000Z');
    expect(plistArray(value, 'List')).toHaveLength(3);
    expect(plistArray(value, 'CFBundleName')).toEqual([]);
    expect(plistStrings(value, 'List')).toEqual(['two']);
    expect(plistDicts(value, 'List')).toEqual([{ deep: [[]] }]);
    expect(plistSubDict(value, 'EmptyDict')).toEqual({});
    expect(plistSubDict(value, 'List')).toBeNull();
    const json = plistToJson(value) as Record<string, unknown>;
    expect(json['Big']).toBe('18446744073709551615');
    expect(json['Blob']).toBe('AAEC/w==');
    expect(json['When']).toBe('2017-07-27T09:44:49.000Z');
    expect(() => JSON.stringify(json)).not.toThrow();
    expect(failure(() => plistDict(['a'], 'The Info.plist')).message).toBe('The Info.plist is not a dictionary (found an array)');
  });

  it('reads through the shared XML tokenizer: CDATA, comments inside text, a DOCTYPE whose system id holds "["', () => {
    const text = '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x[1].dtd"><plist><dict><key>a<!-- note -->b</key>' +
      '<string>&lt;<![CDATA[<&>]]>&#x41;</string></dict></plist>';
    expect(parsePlist(Buffer.from(text))).toEqual({ ab: '<<&>A' });
    // A syntax error the tokenizer meets is still a bad_plist that names the line.
    const error = failure(() => parsePlist(Buffer.from('<plist>\n<dict attr=1></dict></plist>')));
    expect(error.code).toBe('bad_plist');
    expect(error.message).toBe('The property list is invalid: the value of attribute "attr" is not quoted (line 2)');
    // Read as strictly as any XML: a bare "&" is refused, in the plist's words.
    const ampersand = failure(() => parsePlist(Buffer.from('<plist><string>fish & chips</string></plist>')));
    expect(ampersand.code).toBe('bad_plist');
    expect(ampersand.message).toContain('an "&" that does not start an entity reference (write &amp;) (line 1)');
  });

  it('accepts a bare root value, a UTF-8 BOM and UTF-16', () => {
    expect(parsePlist(Buffer.from('\uFEFF<array><string>x</string></array>'))).toEqual(['x']);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<plist><string>ü</string></plist>', 'utf16le')]);
    expect(parsePlist(utf16)).toBe('ü');
    expect(looksLikePlist(Buffer.from(XML))).toBe(true);
    expect(looksLikePlist(Buffer.from('bplist00'))).toBe(true);
    expect(looksLikePlist(Buffer.from('hello'))).toBe(false);
  });

  it.each([
    ['', 'it is empty (0 bytes)'],
    ['<plist><dict><key>a</key><string>x</string>', 'it ends before'],
    ['<plist><dict><key>a</key></dict></plist>', 'the key "a" at line 1 has no value'],
    ['<plist><dict><string>x</string></dict></plist>', 'holds a <string> where a <key> belongs'],
    ['<plist><integer>12abc</integer></plist>', '<integer> at line 1 holds "12abc", which is not an integer'],
    ['<plist><real>fast</real></plist>', 'which is not a number'],
    ['<plist><date>yesterday</date></plist>', 'which is not an ISO 8601 date'],
    ['<plist><data>@@@</data></plist>', 'is not base64'],
    ['<plist><string>a &bogus; b</string></plist>', 'the entity &bogus; is not one XML defines'],
    ['<plist><string>&#xD800;</string></plist>', 'is not a valid character'],
    ['<plist><string>a<b/>c</string></plist>', 'contains markup'],
    ['<plist><blink/></plist>', '<blink> at line 1 is not a property-list element'],
    ['<plist><string>x</string></plist><plist/>', 'unexpected content after the root value'],
    ['<!DOCTYPE plist [<!ENTITY a "aaaa">]><plist><string>&a;</string></plist>', 'declares its own entities'],
    ['not xml at all', 'expected a tag at line 1, found "not xml at all"'],
    ['<plist><string>x</strin></plist>', 'expected </string>'],
  ])('rejects %j', (text, gist) => {
    const error = failure(() => parsePlist(Buffer.from(text)));
    expect(error.code).toBe('bad_plist');
    expect(error.message).toContain(gist);
  });

  it('reads a large plist in linear time', () => {
    const items = 200_000;
    const text = `<plist><array>${'<integer>7</integer>\n'.repeat(items)}</array></plist>`;
    const started = Date.now();
    expect((parsePlist(Buffer.from(text)) as number[]).length).toBe(items);
    expect(Date.now() - started).toBeLessThan(3000);
    // Error messages still say where: the line of the bad value.
    expect(failure(() => parsePlist(Buffer.from(`<plist><array>\n\n<integer>x</integer></array></plist>`))).message).toContain('<integer> at line 3');
    expect((parsePlist(Buffer.from('<plist><date>0099-01-01T00:00:00Z</date></plist>')) as Date).getUTCFullYear()).toBe(99);
  });

  it('refuses a nesting bomb, too many values and an over-long string', () => {
    const deep = '<plist>' + '<array>'.repeat(65) + '</array>'.repeat(65) + '</plist>';
    const error = failure(() => parsePlist(Buffer.from(deep)));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toBe('The property list nests arrays and dictionaries more than 64 levels deep; refusing to read it');
    expect(parsePlist(Buffer.from('<plist>' + '<array>'.repeat(64) + '</array>'.repeat(64) + '</plist>'))).toBeInstanceOf(Array);
    // Far deeper than the JavaScript stack could recurse: still a typed error.
    expect(failure(() => parsePlist(Buffer.from('<array>'.repeat(200_000)))).code).toBe('limit_exceeded');

    const many = '<plist><array>' + '<true/>'.repeat(1000) + '</array></plist>';
    const count = failure(() => parsePlist(Buffer.from(many), { maxItems: 500 }));
    expect(count.code).toBe('limit_exceeded');
    expect(count.message).toContain('more than 500 values');

    const long = failure(() => parsePlist(Buffer.from(`<plist><string>${'x'.repeat(2000)}</string></plist>`), { maxStringLength: 1000 }));
    expect(long.code).toBe('limit_exceeded');
    expect(long.message).toBe('A string in the property list is 2000 long, more than the 1000 allowed');
  });
});

/** A binary plist from its objects (already encoded, each starting with its marker byte). */
function bplist(objects: Buffer[], top = 0, refSize = 1, offsetSize = 2): Buffer {
  const header = Buffer.from('bplist00', 'latin1');
  const offsets: number[] = [];
  let at = header.length;
  for (const object of objects) {
    offsets.push(at);
    at += object.length;
  }
  const table = Buffer.alloc(objects.length * offsetSize);
  offsets.forEach((offset, i) => table.writeUIntBE(offset, i * offsetSize, offsetSize));
  const trailer = Buffer.alloc(32);
  trailer[6] = offsetSize;
  trailer[7] = refSize;
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(BigInt(top), 16);
  trailer.writeBigUInt64BE(BigInt(at), 24);
  return Buffer.concat([header, ...objects, table, trailer]);
}

describe('binary property lists', () => {
  it('reads what plistutil writes, the same as the XML it came from', () => {
    const { dir, cleanup } = tempDir();
    try {
      const xml = path.join(dir, 'in.xml');
      const bin = path.join(dir, 'out.plist');
      writeFileSync(xml, XML.replace('<string/>', '<string></string>'));
      run('plistutil', ['-i', xml, '-o', bin, '-f', 'bin']);
      const binary = readFileSync(bin);
      expect(binary.toString('latin1', 0, 8)).toBe('bplist00');
      expect(parsePlist(binary)).toEqual(parsePlist(Buffer.from(XML)));
      // And back: plistutil's own XML of our binary input reads the same.
      const back = path.join(dir, 'back.xml');
      run('plistutil', ['-i', bin, '-o', back, '-f', 'xml']);
      expect(parsePlist(readFileSync(back))).toEqual(parsePlist(binary));
    } finally {
      cleanup();
    }
  });

  it('reads long strings, UTF-16 strings, 2-byte references and UIDs', () => {
    const long = 'x'.repeat(300);
    const data = bplist(
      [
        Buffer.from([0xa4, 0, 1, 0, 2, 0, 1, 0, 3]), // array of 4 with 2-byte refs: 1, 2, 1, 3
        Buffer.concat([Buffer.from([0x5f, 0x11, 0x01, 0x2c]), Buffer.from(long)]), // ASCII string, length 300 in an int object
        Buffer.concat([Buffer.from([0x62]), Buffer.from('\u00fc\u2713', 'utf16le').swap16()]), // UTF-16BE "ü✓"
        Buffer.from([0x80, 0x05]), // keyed-archiver UID 5
      ],
      0,
      2,
    );
    expect(parsePlist(data)).toEqual([long, 'ü✓', long, { CF$UID: 5 }]);
  });

  it('rejects a reference cycle', () => {
    // Object 0: an array holding object 0.
    const error = failure(() => parsePlist(bplist([Buffer.from([0xa1, 0x00])])));
    expect(error.code).toBe('bad_plist');
    expect(error.message).toBe('The property list is invalid: object 0 contains itself (a reference cycle)');
    // A dictionary whose value is the dictionary itself.
    const dict = failure(() => parsePlist(bplist([Buffer.from([0xd1, 0x01, 0x00]), Buffer.from([0x51, 0x61])])));
    expect(dict.message).toContain('object 0 contains itself');
  });

  it('rejects out-of-range references, offsets and trailers', () => {
    expect(failure(() => parsePlist(bplist([Buffer.from([0xa1, 0x07])]))).message).toBe(
      'The property list is invalid: an object reference 7 points outside the 1 objects',
    );
    const badTop = bplist([Buffer.from([0x09])], 5);
    expect(failure(() => parsePlist(badTop)).message).toContain('its top object 5 is outside the 1 objects');
    const badOffset = bplist([Buffer.from([0x09])]);
    badOffset.writeUInt16BE(0xfff0, 9); // the single offset-table entry
    expect(failure(() => parsePlist(badOffset)).message).toContain('object 0 starts at byte 65520, outside the object area');
    const hugeCount = bplist([Buffer.from([0x09])]);
    hugeCount.writeBigUInt64BE(0xffffffffffffn, hugeCount.length - 24);
    expect(failure(() => parsePlist(hugeCount)).message).toContain('its trailer declares 281474976710655 objects');
    const badSizes = bplist([Buffer.from([0x09])]);
    badSizes[badSizes.length - 26] = 3;
    expect(failure(() => parsePlist(badSizes)).message).toContain('offset size 3');
    const longString = bplist([Buffer.from([0x5f, 0x12, 0x7f, 0xff, 0xff, 0xff])]);
    expect(failure(() => parsePlist(longString)).code).toBe('limit_exceeded');
    const pastEnd = bplist([Buffer.from([0x5a, 0x61])]);
    expect(failure(() => parsePlist(pastEnd)).message).toContain('a string at byte 9 (10 bytes) runs past the object area, which ends at 10');
    expect(failure(() => parsePlist(bplist([Buffer.from([0x00])]))).message).toContain('null or fill');
    expect(failure(() => parsePlist(bplist([Buffer.from([0x70])]))).message).toContain('unknown marker 0x70');
    expect(failure(() => parsePlist(bplist([Buffer.from([0xd1, 0x01, 0x01]), Buffer.from([0x10, 0x01])]))).message).toContain('is not a string');
    expect(failure(() => parsePlist(Buffer.from('bplist15xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'))).message).toContain('only binary property lists of version 00');
  });

  it('refuses a plist bomb made of shared references', () => {
    // Object i is an array holding object i+1 twice: 40 levels expand to 2^40 values from a
    // few hundred bytes. The value budget stops it at once.
    const objects: Buffer[] = [];
    for (let i = 0; i < 40; i++) objects.push(Buffer.from([0xa2, i + 1, i + 1]));
    objects.push(Buffer.from([0x09]));
    const started = Date.now();
    const error = failure(() => parsePlist(bplist(objects)));
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toBe('The property list holds more than 1000000 values; refusing to read it (a plist bomb?)');
    expect(Date.now() - started).toBeLessThan(5000);
    // The same nesting beyond the depth limit.
    const deep: Buffer[] = [];
    for (let i = 0; i < 100; i++) deep.push(Buffer.from([0xa1, i + 1]));
    deep.push(Buffer.from([0x09]));
    expect(failure(() => parsePlist(bplist(deep))).message).toContain('more than 64 levels deep');
  });

  it('gives a typed error for every truncation of a real binary plist', () => {
    const { dir, cleanup } = tempDir();
    try {
      const xml = path.join(dir, 'in.xml');
      const bin = path.join(dir, 'out.plist');
      writeFileSync(xml, XML.replace('<string/>', '<string></string>'));
      run('plistutil', ['-i', xml, '-o', bin, '-f', 'bin']);
      const binary = readFileSync(bin);
      for (let cut = 1; cut < binary.length; cut++) {
        const error = failure(() => parsePlist(binary.subarray(0, cut)));
        expect(['bad_plist', 'truncated', 'limit_exceeded']).toContain(error.code);
      }
      // And flipping each byte never escapes as anything but a value or a typed error.
      for (let i = 8; i < binary.length; i++) {
        const copy = Buffer.from(binary);
        copy[i] = copy[i]! ^ 0xff;
        try {
          parsePlist(copy);
        } catch (error) {
          expect(error).toBeInstanceOf(AppInfoError);
        }
      }
    } finally {
      cleanup();
    }
  });
});

describe('duplicate keys', () => {
  const xml = Buffer.from('<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>');
  // A dictionary whose two keys are the same string object.
  const strings = ['Qa', 'Q1', 'Q2'].map((text) => Buffer.from(text, 'latin1'));
  const binary = bplist([Buffer.from([0xd2, 1, 1, 2, 3]), ...strings]);

  it('keep the last value by default, as CoreFoundation does', () => {
    expect(parsePlist(xml)).toEqual({ a: '2' });
    expect(parsePlist(binary)).toEqual({ a: '2' });
  });

  it('are refused with refuseDuplicateKeys (a signed device answer must not be ambiguous)', () => {
    const fromXml = failure(() => parsePlist(xml, { refuseDuplicateKeys: true }));
    expect(fromXml.code).toBe('bad_plist');
    expect(fromXml.message).toContain('the key "a" at line 1 appears twice in one <dict>');
    expect(failure(() => parsePlist(binary, { refuseDuplicateKeys: true })).message).toContain('the key "a" appears twice');
  });
});

describe('plistXml', () => {
  it('writes what parsePlist and plistutil read back, dropping what XML cannot carry', () => {
    const value = { URL: 'https://a.example/x?a=1&b="2"', List: ['UDID', 'a\u0001b <&>'], Version: 1, Ratio: 1.5, On: true, Off: false };
    const xml = plistXml(value);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC')).toBe(true);
    const expected = { ...value, List: ['UDID', 'ab <&>'] };
    expect(parsePlist(Buffer.from(xml))).toEqual(expected);
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(path.join(dir, 'w.plist'), xml);
      run('plistutil', ['-i', path.join(dir, 'w.plist'), '-o', path.join(dir, 'w.bin'), '-f', 'bin']);
      expect(parsePlist(readFileSync(path.join(dir, 'w.bin')))).toEqual(expected);
    } finally {
      cleanup();
    }
  });

  it('escapes text and refuses a number that is not finite', () => {
    expect(xmlText('<a & b>\ufffe')).toBe('&lt;a &amp; b&gt;');
    expect(() => plistXml({ n: Number.NaN })).toThrow(RangeError);
  });
});
