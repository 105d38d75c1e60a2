// The shared XML parser reads text that users upload (AppX manifests, manifests inside
// Proguard zips), so it must decode what real files contain — namespaces, CDATA, comments,
// entities, UTF-16 — and refuse what is dangerous: any DTD with an internal subset (entity
// bombs, external entities), unknown entities, absurd nesting or node counts. Every refusal
// is an AppInfoError with a code and a message that says what was wrong.
import { describe, expect, it } from 'vitest';
import { attribute, childElements, decodeXmlBytes, findPath, firstChild, localName, parseXml, textContent } from '../src/xml/xml.ts';
import { XmlTokenizer } from '../src/xml/tokenizer.ts';
import { failure } from './helpers.ts';

describe('parseXml: what real documents contain', () => {
  it('reads elements, attributes, text, CDATA and skips comments and processing instructions', () => {
    const root = parseXml(`<?xml version="1.0" encoding="utf-8"?>
<!-- generated -->
<Package xmlns="http://schemas.microsoft.com/appx/manifest/foundation/windows10" xmlns:uap="http://schemas.microsoft.com/appx/manifest/uap/windows10">
  <Identity Name="Tarmac.Demo" Version='1.2.3.0' />
  <?some-pi data?>
  <Properties>
    <DisplayName>Tarmac &amp; Friends</DisplayName>
    <Description><![CDATA[a <b>bold</b> claim]]> and more</Description>
  </Properties>
  <uap:VisualElements DisplayName="Demo"/>
</Package>
<!-- trailing comment -->
`);
    expect(root.name).toBe('Package');
    expect(attribute(root, 'xmlns:uap')).toBe('http://schemas.microsoft.com/appx/manifest/uap/windows10');
    const identity = firstChild(root, 'Identity')!;
    expect(identity.attributes).toEqual({ Name: 'Tarmac.Demo', Version: '1.2.3.0' });
    expect(textContent(findPath(root, 'Properties', 'DisplayName')!)).toBe('Tarmac & Friends');
    expect(textContent(findPath(root, 'Properties', 'Description')!)).toBe('a <b>bold</b> claim and more');
    const visual = childElements(root, 'VisualElements')[0]!;
    expect(visual.name).toBe('uap:VisualElements');
    expect(localName(visual.name)).toBe('VisualElements');
    expect(childElements(root).map((e) => e.name)).toEqual(['Identity', 'Properties', 'uap:VisualElements']);
  });

  it('decodes the five predefined entities and numeric character references', () => {
    const root = parseXml('<a t="&lt;&gt;&amp;&quot;&apos;">&#65;&#x42;&#X43;&#128512;</a>');
    expect(root.attributes.t).toBe(`<>&"'`);
    expect(textContent(root)).toBe('ABC😀');
  });

  it('matches attributes by local name (android:versionName) and skips namespace declarations', () => {
    const root = parseXml('<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example" android:versionName="1.0"/>');
    expect(attribute(root, 'versionName')).toBe('1.0');
    expect(attribute(root, 'package')).toBe('com.example');
    expect(attribute(root, 'android')).toBeNull();
  });

  it('normalises tabs and newlines in attribute values and drops whitespace-only text', () => {
    const root = parseXml('<a v="x\ty\nz">\n  <b/>\n</a>');
    expect(root.attributes.v).toBe('x y z');
    expect(root.children).toHaveLength(1);
    expect(parseXml('<a>\n  <b/>\n</a>', { keepWhitespace: true }).children).toHaveLength(3);
  });

  it('decodes UTF-8 with a BOM, UTF-16LE and UTF-16BE by their byte-order marks', () => {
    const text = '<?xml version="1.0" encoding="utf-16"?><n v="é">ü</n>';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const utf16be = Buffer.from(utf16le);
    utf16be.swap16();
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    for (const bytes of [utf16le, utf16be, utf8]) {
      const root = parseXml(bytes);
      expect(root.attributes.v).toBe('é');
      expect(textContent(root)).toBe('ü');
    }
    expect(decodeXmlBytes(Buffer.from('plain'))).toBe('plain');
  });

  it('skips a DOCTYPE without an internal subset and never fetches what it names', () => {
    const root = parseXml('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0"/>');
    expect(root.name).toBe('plist');
  });

  it('parses deep documents within the limit without recursion', () => {
    const depth = 200;
    const root = parseXml('<a>'.repeat(depth) + 'x' + '</a>'.repeat(depth));
    expect(textContent(root)).toBe('x');
  });
});

describe('parseXml: hostile and broken documents', () => {
  it('refuses the "billion laughs" entity bomb before expanding anything', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<lolz>&lol3;</lolz>`;
    const error = failure(() => parseXml(bomb));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/internal subset/);
  });

  it('refuses an external entity (XXE) declaration', () => {
    const error = failure(() => parseXml('<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]><foo>&xxe;</foo>'));
    expect(error.code).toBe('bad_xml');
    expect(error.message).toMatch(/DTD/);
  });

  it('refuses unknown entities and bare ampersands', () => {
    expect(failure(() => parseXml('<a>&xxe;</a>')).message).toMatch(/unknown entity "&xxe;"/);
    expect(failure(() => parseXml('<a>fish & chips</a>')).message).toMatch(/"&" that does not start an entity/);
    expect(failure(() => parseXml('<a>&#0;</a>')).message).toMatch(/not a valid character reference/);
    expect(failure(() => parseXml('<a>&#xD800;</a>')).message).toMatch(/not a valid character reference/);
  });

  it('caps nesting depth and node count with limit_exceeded', () => {
    const deep = '<a>'.repeat(300) + '</a>'.repeat(300);
    const depthError = failure(() => parseXml(deep));
    expect(depthError.code).toBe('limit_exceeded');
    expect(depthError.message).toMatch(/more than 256 deep/);
    const wide = '<r>' + '<i/>'.repeat(1000) + '</r>';
    const countError = failure(() => parseXml(wide, { maxNodes: 500 }));
    expect(countError.code).toBe('limit_exceeded');
    expect(countError.message).toMatch(/more than 500 nodes/);
    expect(failure(() => parseXml('<a/>', { maxLength: 3 })).code).toBe('limit_exceeded');
  });

  it('names the line and column of a syntax error', () => {
    const cases: [string, RegExp][] = [
      ['', /no root element/],
      ['<a>', /<a> is not closed/],
      ['<a></b>', /<\/b> does not match the open element <a>/],
      ['<a x=1/>', /not quoted/],
      ['<a x="1" x="2"/>', /appears twice/],
      ['<a x="<"/>', /contains "<"/],
      ['<a/><b/>', /content after the root element/],
      ['<a><!-- never closed</a>', /comment is not closed/],
      ['<a><![CDATA[ open</a>', /CDATA section is not closed/],
      ['<a>]]></a>', /"\]\]>" in text/],
      ['<a><!ELEMENT x ANY></a>', /markup declaration/],
      ['<a\n  b="1"\n  c></a>', /line 3, column 4: expected "=" after attribute "c"/],
      ['text<a/>', /expected the root element/],
      ['<!DOCTYPE a "unterminated><a/>', /DOCTYPE is not closed/],
    ];
    for (const [input, message] of cases) {
      const error = failure(() => parseXml(input));
      expect(error.code, input).toBe('bad_xml');
      expect(error.message, input).toMatch(message);
      expect(error.message).toMatch(/^Invalid XML|DTD/);
    }
  });
});

describe('XmlTokenizer: the one tokenizer behind parseXml and the XML plist reader', () => {
  it('gives start and end tags, decoded text and CDATA, skipping comments and processing instructions', () => {
    const tokens = new XmlTokenizer('<a x="1 &amp; 2">t&lt;<!-- c --><?pi?><![CDATA[<raw>]]><b/></a>');
    const seen = [];
    for (let token = tokens.next(); token.kind !== 'end-of-input'; token = tokens.next()) seen.push(token);
    expect(seen).toEqual([
      { kind: 'start', name: 'a', attributes: { x: '1 & 2' }, empty: false, at: 0 },
      { kind: 'text', value: 't<', cdata: false, at: 17 },
      { kind: 'text', value: '<raw>', cdata: true, at: 38 },
      { kind: 'start', name: 'b', attributes: {}, empty: true, at: 55 },
      { kind: 'end', name: 'a', at: 59 },
    ]);
  });

  it("throws the caller's error, told which problem it met", () => {
    const problems: string[] = [];
    const error = (problem: string, message: string, at: number, detail: string) => {
      problems.push(`${problem} ${at} ${detail}`);
      return new Error(message);
    };
    expect(() => new XmlTokenizer('x&bogus;', { error }).next()).toThrow(/unknown entity/);
    expect(() => new XmlTokenizer('<!DOCTYPE a [<!ENTITY b "c">]>', { error }).misc(true)).toThrow(/internal subset/);
    expect(() => new XmlTokenizer('<a', { error }).next()).toThrow(/expected ">" to end <a/);
    expect(problems).toEqual(['entity 1 &bogus;', 'subset 12 ', 'syntax 2 ']);
  });
});
