// A small, safe, non-validating XML parser for the plain-text XML found inside packages
// (AppxManifest.xml, a Proguard zip's AndroidManifest.xml, plists written as XML …).
//
// What it does: elements, attributes, text, CDATA sections, comments (dropped), processing
// instructions and the XML declaration (skipped), the five predefined entities (&lt; &gt;
// &amp; &quot; &apos;) and numeric character references (&#60; &#x3C;).
// What it refuses, on purpose: any DTD with an internal subset (`<!DOCTYPE x [ … ]>`), since
// that is where entity definitions live and entity expansion is how the "billion laughs" bomb
// and external-entity (XXE) reads work; a DOCTYPE without a subset is skipped and nothing it
// names is ever fetched. Unknown named entities are errors, never looked up.
// Limits: input length, element nesting depth and node count, so a hostile document costs
// bounded time and memory. Every failure is AppInfoError('bad_xml' or 'limit_exceeded').
import { AppInfoError } from '../errors.ts';

export interface XmlElement {
  /** The qualified name as written (`uap:VisualElements`); see localName(). */
  name: string;
  /** Attributes by qualified name, entity references decoded. */
  attributes: Record<string, string>;
  children: XmlNode[];
}

/** An element, or a run of character data (text and CDATA merged). */
export type XmlNode = XmlElement | string;

export interface XmlOptions {
  /** Longest document accepted, in characters (default 16 Mi). */
  maxLength?: number;
  /** Deepest element nesting accepted (default 256). */
  maxDepth?: number;
  /** Most elements + text nodes + attributes accepted (default 200 000). */
  maxNodes?: number;
  /** Keep text nodes that are only whitespace (default false: they are dropped). */
  keepWhitespace?: boolean;
}

const DEFAULTS: Required<XmlOptions> = { maxLength: 16 * 1024 * 1024, maxDepth: 256, maxNodes: 200_000, keepWhitespace: false };

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes XML bytes: a UTF-16 byte-order mark selects UTF-16, otherwise UTF-8 (BOM dropped). */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return data.subarray(2).toString('utf16le');
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) {
    // Node has no utf16be decoder: swap byte pairs into a copy.
    const swapped = Buffer.from(data.subarray(2, 2 + ((data.length - 2) & ~1)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const start = data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  return data.subarray(start).toString('utf8');
}

function isNameChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x5f || // _
    code === 0x3a || // :
    code === 0x2d || // -
    code === 0x2e || // .
    code >= 0x80
  );
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

class Parser {
  readonly text: string;
  readonly options: Required<XmlOptions>;
  pos = 0;
  nodes = 0;

  constructor(text: string, options: Required<XmlOptions>) {
    this.text = text;
    this.options = options;
  }

  fail(message: string, at = this.pos): never {
    const before = this.text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    throw new AppInfoError('bad_xml', `Invalid XML at line ${line}, column ${column}: ${message}`);
  }

  count(): void {
    if (++this.nodes > this.options.maxNodes) {
      throw new AppInfoError('limit_exceeded', `The XML document has more than ${this.options.maxNodes} nodes; refusing to read it`);
    }
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  skipSpace(): void {
    while (this.pos < this.text.length && isSpace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  /** Moves past `terminator`, returning what came before it. */
  until(terminator: string, what: string): string {
    const end = this.text.indexOf(terminator, this.pos);
    if (end < 0) this.fail(`${what} is not closed (expected "${terminator}" before the end of the document)`);
    const body = this.text.slice(this.pos, end);
    this.pos = end + terminator.length;
    return body;
  }

  name(what: string): string {
    const start = this.pos;
    while (this.pos < this.text.length && isNameChar(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) this.fail(`expected ${what}, found ${JSON.stringify(this.text.slice(start, start + 10))}`);
    return this.text.slice(start, this.pos);
  }

  /** Replaces entity and character references in `raw` (which starts at `at` in the text). */
  decode(raw: string, at: number): string {
    if (!raw.includes('&')) return raw;
    return raw.replace(/&([^;&<\s]{0,32});?/g, (match, ref: string, offset: number) => {
      if (!match.endsWith(';')) this.fail('an "&" that does not start an entity reference (write &amp;)', at + offset);
      if (ref.startsWith('#')) {
        const hex = ref[1] === 'x' || ref[1] === 'X';
        const digits = ref.slice(hex ? 2 : 1);
        const code = /^[0-9a-fA-F]+$/.test(digits) && (hex || /^[0-9]+$/.test(digits)) ? parseInt(digits, hex ? 16 : 10) : NaN;
        if (!Number.isInteger(code) || code < 1 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
          this.fail(`"${match}" is not a valid character reference`, at + offset);
        }
        return String.fromCodePoint(code);
      }
      const value = PREDEFINED[ref];
      if (value === undefined) this.fail(`unknown entity "${match}" (only &lt; &gt; &amp; &quot; &apos; and numeric references are supported)`, at + offset);
      return value;
    });
  }

  /** Skips the prolog's and the epilogue's comments, PIs, whitespace and a subset-free DOCTYPE. */
  misc(allowDoctype: boolean): void {
    for (;;) {
      this.skipSpace();
      if (this.startsWith('<?')) {
        this.pos += 2;
        this.until('?>', 'a processing instruction');
      } else if (this.startsWith('<!--')) {
        this.pos += 4;
        this.until('-->', 'a comment');
      } else if (this.startsWith('<!DOCTYPE')) {
        if (!allowDoctype) this.fail('a DOCTYPE after the root element');
        this.doctype();
      } else {
        return;
      }
    }
  }

  doctype(): void {
    const start = this.pos;
    this.pos += 9;
    // Scan to the closing '>', honouring quoted system/public ids; a '[' is an internal subset.
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos];
      if (ch === '"' || ch === "'") {
        const end = this.text.indexOf(ch, this.pos + 1);
        if (end < 0) break;
        this.pos = end + 1;
        continue;
      }
      if (ch === '[') {
        throw new AppInfoError(
          'bad_xml',
          'The XML document declares a DTD with an internal subset (<!DOCTYPE … [ … ]>); entity definitions are refused because they can expand without bound or read other files',
        );
      }
      this.pos++;
      if (ch === '>') return;
    }
    this.fail('the DOCTYPE is not closed', start);
  }

  attributes(element: XmlElement): void {
    for (;;) {
      const before = this.pos;
      this.skipSpace();
      const ch = this.text[this.pos];
      if (ch === '>' || ch === '/' || ch === undefined) return;
      if (this.pos === before) this.fail('expected whitespace before an attribute');
      const name = this.name('an attribute name');
      this.skipSpace();
      if (this.text[this.pos] !== '=') this.fail(`expected "=" after attribute "${name}"`);
      this.pos++;
      this.skipSpace();
      const quote = this.text[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`the value of attribute "${name}" is not quoted`);
      this.pos++;
      const valueStart = this.pos;
      const raw = this.until(quote, `the value of attribute "${name}"`);
      if (raw.includes('<')) this.fail(`the value of attribute "${name}" contains "<"`, valueStart);
      if (Object.hasOwn(element.attributes, name)) this.fail(`attribute "${name}" appears twice`, valueStart);
      this.count();
      // Attribute-value normalisation: literal tabs and newlines become spaces.
      element.attributes[name] = this.decode(raw.replace(/[\t\n\r]/g, ' '), valueStart);
    }
  }

  /** Parses the root element and everything inside it, iteratively (no recursion). */
  element(): XmlElement {
    const stack: XmlElement[] = [];
    let root: XmlElement | null = null;
    const pushText = (value: string) => {
      const parent = stack[stack.length - 1];
      if (!parent) return;
      if (!this.options.keepWhitespace && /^[\t\n\r ]*$/.test(value)) return;
      const last = parent.children[parent.children.length - 1];
      if (typeof last === 'string') {
        parent.children[parent.children.length - 1] = last + value;
      } else {
        this.count();
        parent.children.push(value);
      }
    };
    for (;;) {
      if (stack.length > 0 && this.text[this.pos] !== '<') {
        if (this.pos >= this.text.length) this.fail(`element <${stack[stack.length - 1]!.name}> is not closed`);
        const start = this.pos;
        const end = this.text.indexOf('<', this.pos);
        this.pos = end < 0 ? this.text.length : end;
        const raw = this.text.slice(start, this.pos);
        if (raw.includes(']]>')) this.fail('"]]>" in text', start + raw.indexOf(']]>'));
        pushText(this.decode(raw, start));
        continue;
      }
      if (this.startsWith('<!--')) {
        this.pos += 4;
        this.until('-->', 'a comment');
        continue;
      }
      if (this.startsWith('<![CDATA[')) {
        if (stack.length === 0) this.fail('CDATA outside the root element');
        this.pos += 9;
        pushText(this.until(']]>', 'a CDATA section'));
        continue;
      }
      if (this.startsWith('<?')) {
        this.pos += 2;
        this.until('?>', 'a processing instruction');
        continue;
      }
      if (this.startsWith('<!')) this.fail('a markup declaration inside the document');
      if (this.startsWith('</')) {
        const at = this.pos;
        this.pos += 2;
        const name = this.name('a closing tag name');
        this.skipSpace();
        if (this.text[this.pos] !== '>') this.fail(`expected ">" to end </${name}`);
        this.pos++;
        const open = stack.pop();
        if (!open || open.name !== name) this.fail(`</${name}> does not match the open element${open ? ` <${open.name}>` : ''}`, at);
        if (stack.length === 0) return root!;
        continue;
      }
      if (this.text[this.pos] !== '<') this.fail('expected the root element');
      this.pos++;
      const element: XmlElement = { name: this.name('an element name'), attributes: {}, children: [] };
      this.count();
      this.attributes(element);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      if (this.startsWith('/>')) {
        this.pos += 2;
        if (stack.length === 0) return element;
        continue;
      }
      if (this.text[this.pos] !== '>') this.fail(`expected ">" to end <${element.name}`);
      this.pos++;
      stack.push(element);
      if (stack.length > this.options.maxDepth) {
        throw new AppInfoError('limit_exceeded', `The XML document nests elements more than ${this.options.maxDepth} deep; refusing to read it`);
      }
    }
  }
}

/** Parses a whole document and returns its root element. */
export function parseXml(input: string | Uint8Array, options: XmlOptions = {}): XmlElement {
  const opts = { ...DEFAULTS, ...options };
  if (input.length > opts.maxLength) {
    throw new AppInfoError('limit_exceeded', `The XML document is ${input.length} long, more than the ${opts.maxLength} accepted`);
  }
  const text = typeof input === 'string' ? input.replace(/^\ufeff/, '') : decodeXmlBytes(input);
  const parser = new Parser(text, opts);
  parser.misc(true);
  if (parser.pos >= text.length) parser.fail('the document has no root element');
  const root = parser.element();
  parser.misc(false);
  if (parser.pos < text.length) parser.fail('content after the root element');
  return root;
}

/** The part of a qualified name after its prefix: `uap:VisualElements` → `VisualElements`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Child elements, optionally only those whose local name is `name`. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string' && (name === undefined || localName(child.name) === name)) out.push(child);
  }
  return out;
}

/** The first child element whose local name is `name`, or null. */
export function firstChild(element: XmlElement, name: string): XmlElement | null {
  return childElements(element, name)[0] ?? null;
}

/** Follows a path of local names from `element`: findPath(root, 'Properties', 'Logo'). */
export function findPath(element: XmlElement, ...names: string[]): XmlElement | null {
  let current: XmlElement | null = element;
  for (const name of names) {
    if (!current) return null;
    current = firstChild(current, name);
  }
  return current;
}

/** All the character data inside `element`, descendants included, in document order. */
export function textContent(element: XmlElement): string {
  let out = '';
  const stack: XmlNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') out += node;
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/**
 * An attribute by local name (`android:versionName` matches `versionName`), or null. An
 * exact qualified-name match wins over a prefixed one.
 */
export function attribute(element: XmlElement, name: string): string | null {
  if (Object.hasOwn(element.attributes, name)) return element.attributes[name]!;
  for (const [key, value] of Object.entries(element.attributes)) {
    if (!key.startsWith('xmlns') && localName(key) === name) return value;
  }
  return null;
}
