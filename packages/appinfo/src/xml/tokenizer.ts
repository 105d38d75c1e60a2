// The one XML tokenizer of appinfo: it turns plain-text XML into start tags (attributes
// decoded), end tags, character data (text with its references decoded, or a CDATA section)
// and the end of the input. xml.ts builds its element tree from these tokens and the XML
// property-list reader (plist/xml-reader.ts) reads values from them.
//
// What it does: the five predefined entities (&lt; &gt; &amp; &quot; &apos;) and numeric
// character references (&#60; &#x3C;); comments and processing instructions inside content
// are skipped, and misc() skips the prolog's and epilogue's comments, PIs and a DOCTYPE.
// What it refuses, on purpose: any DTD with an internal subset (`<!DOCTYPE x [ … ]>`), since
// that is where entity definitions live and entity expansion is how the "billion laughs" bomb
// and external-entity (XXE) reads work; a DOCTYPE without a subset is skipped and nothing it
// names is ever fetched. Unknown named entities are errors, never looked up.
// Every failure goes through the caller's error factory (default: AppInfoError('bad_xml')).
import { AppInfoError } from '../errors.ts';

export type XmlToken =
  | { kind: 'start'; name: string; attributes: Record<string, string>; empty: boolean; at: number }
  | { kind: 'end'; name: string; at: number }
  | { kind: 'text'; value: string; cdata: boolean; at: number }
  | { kind: 'end-of-input'; at: number };

/** What went wrong: a syntax error, an entity XML does not define (`detail` is the reference), or a DTD subset. */
export type XmlProblem = 'syntax' | 'entity' | 'subset';

export interface XmlTokenizerOptions {
  /** Builds the error thrown for a problem at character `at`. */
  error?: (problem: XmlProblem, message: string, at: number, detail: string) => Error;
  /** Called before each attribute is read, so a caller can count them against a limit. */
  onAttribute?: () => void;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const SUBSET_MESSAGE =
  'The XML document declares a DTD with an internal subset (<!DOCTYPE … [ … ]>); ' +
  'entity definitions are refused because they can expand without bound or read other files';

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

/** "line L, column C" of character `at`. */
function position(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

function xmlError(problem: XmlProblem, message: string, at: number, _detail: string, text: string): Error {
  if (problem === 'subset') return new AppInfoError('bad_xml', message);
  const { line, column } = position(text, at);
  return new AppInfoError('bad_xml', `Invalid XML at line ${line}, column ${column}: ${message}`);
}

export class XmlTokenizer {
  readonly text: string;
  pos = 0;
  readonly #options: XmlTokenizerOptions;

  constructor(text: string, options: XmlTokenizerOptions = {}) {
    this.text = text;
    this.#options = options;
  }

  /** The line (from 1) of character `at`. */
  line(at = this.pos): number {
    return position(this.text, at).line;
  }

  fail(message: string, at = this.pos, problem: XmlProblem = 'syntax', detail = ''): never {
    throw this.#options.error ? this.#options.error(problem, message, at, detail) : xmlError(problem, message, at, detail, this.text);
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
      if (value === undefined) {
        this.fail(`unknown entity "${match}" (only &lt; &gt; &amp; &quot; &apos; and numeric references are supported)`, at + offset, 'entity', match);
      }
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
      if (ch === '[') this.fail(SUBSET_MESSAGE, this.pos, 'subset');
      this.pos++;
      if (ch === '>') return;
    }
    this.fail('the DOCTYPE is not closed', start);
  }

  attributes(attributes: Record<string, string>): void {
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
      if (Object.hasOwn(attributes, name)) this.fail(`attribute "${name}" appears twice`, valueStart);
      this.#options.onAttribute?.();
      // Attribute-value normalisation: literal tabs and newlines become spaces.
      attributes[name] = this.decode(raw.replace(/[\t\n\r]/g, ' '), valueStart);
    }
  }

  /** The next token of element content; comments and processing instructions are skipped. */
  next(): XmlToken {
    for (;;) {
      const at = this.pos;
      if (at >= this.text.length) return { kind: 'end-of-input', at };
      if (this.text[at] !== '<') return this.#text(at);
      if (this.startsWith('<!--')) {
        this.pos += 4;
        this.until('-->', 'a comment');
      } else if (this.startsWith('<![CDATA[')) {
        this.pos += 9;
        return { kind: 'text', value: this.until(']]>', 'a CDATA section'), cdata: true, at };
      } else if (this.startsWith('<?')) {
        this.pos += 2;
        this.until('?>', 'a processing instruction');
      } else if (this.startsWith('<!')) {
        this.fail('a markup declaration inside the document');
      } else if (this.startsWith('</')) {
        return this.#endTag(at);
      } else {
        return this.#startTag(at);
      }
    }
  }

  #text(at: number): XmlToken {
    const end = this.text.indexOf('<', at);
    this.pos = end < 0 ? this.text.length : end;
    const raw = this.text.slice(at, this.pos);
    if (raw.includes(']]>')) this.fail('"]]>" in text', at + raw.indexOf(']]>'));
    return { kind: 'text', value: this.decode(raw, at), cdata: false, at };
  }

  #endTag(at: number): XmlToken {
    this.pos += 2;
    const name = this.name('a closing tag name');
    this.skipSpace();
    if (this.text[this.pos] !== '>') this.fail(`expected ">" to end </${name}`);
    this.pos++;
    return { kind: 'end', name, at };
  }

  #startTag(at: number): XmlToken {
    this.pos++;
    const name = this.name('an element name');
    const attributes: Record<string, string> = {};
    this.attributes(attributes);
    if (this.startsWith('/>')) {
      this.pos += 2;
      return { kind: 'start', name, attributes, empty: true, at };
    }
    if (this.text[this.pos] !== '>') this.fail(`expected ">" to end <${name}`);
    this.pos++;
    return { kind: 'start', name, attributes, empty: false, at };
  }
}
