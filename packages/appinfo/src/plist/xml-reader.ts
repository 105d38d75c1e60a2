// XML property lists, read from the tokens of the one XML tokenizer (xml/tokenizer.ts), with
// the reader's own vocabulary in errors ("<integer> at line 3 holds …"): every failure is a
// bad_plist, or limit_exceeded for a limit of the Budget. A DOCTYPE with an internal subset
// is refused (a plist never needs one, and it is where entity bombs live).
import { decodeXmlBytes } from '../xml/xml.ts';
import { XmlTokenizer } from '../xml/tokenizer.ts';
import type { XmlProblem, XmlToken } from '../xml/tokenizer.ts';
import { bad, newDict, setKey } from './limits.ts';
import type { Budget, PlistValue } from './limits.ts';

type StartToken = Extract<XmlToken, { kind: 'start' }>;

class XmlPlistReader {
  readonly tokens: XmlTokenizer;
  readonly budget: Budget;

  constructor(text: string, budget: Budget) {
    this.budget = budget;
    this.tokens = new XmlTokenizer(text, { error: (problem, message, at, detail) => this.error(problem, message, at, detail) });
  }

  error(problem: XmlProblem, message: string, at: number, detail: string): Error {
    if (problem === 'entity') return bad(`the entity ${detail} is not one XML defines (&lt; &gt; &amp; &quot; &apos;)`);
    if (problem === 'subset') return bad('its DOCTYPE declares its own entities, which a property list never needs');
    return bad(`${message} (${this.where(at)})`);
  }

  /** "line N" for an error message; counted only when an error is built. */
  where(at = this.tokens.pos): string {
    return `line ${this.tokens.line(at)}`;
  }

  /** Up to `length` characters of the input from `at`, for an error message. */
  found(at: number, length: number): string {
    return this.tokens.text.slice(at, at + length);
  }

  /** The next token that is not whitespace between elements. */
  significant(): XmlToken {
    for (;;) {
      const token = this.tokens.next();
      if (token.kind !== 'text' || token.cdata || !/^\s*$/.test(token.value)) return token;
    }
  }

  startTag(token = this.significant()): StartToken {
    if (token.kind === 'start') return token;
    if (token.kind === 'end-of-input') throw bad('it ends before its last value (truncated?)');
    if (token.kind === 'end') throw bad(`expected a start tag at ${this.where(token.at)}, found "${this.found(token.at, 30)}"`);
    throw bad(`expected a tag at ${this.where(token.at)}, found "${this.found(token.at, 20)}"`);
  }

  endTag(name: string, token = this.significant()): void {
    if (token.kind === 'end' && token.name === name) return;
    if (token.kind === 'end-of-input') throw bad(`it ends before </${name}> (truncated?)`);
    throw bad(`expected </${name}> at ${this.where(token.at)}, found "${this.found(token.at, 30)}"`);
  }

  /** The text content up to </name>: references decoded, CDATA sections kept verbatim, comments dropped. */
  textContent(name: string, what: string): string {
    let out = '';
    for (;;) {
      const token = this.tokens.next();
      if (token.kind === 'end-of-input') throw bad(`a <${name}> at ${this.where(token.at)} is never closed (truncated?)`);
      if (token.kind === 'start') throw bad(`a <${name}> at ${this.where(token.at)} contains markup; only text is allowed there`);
      if (token.kind === 'end') {
        this.endTag(name, token);
        this.budget.length(out.length, what);
        return out;
      }
      out += token.value;
      this.budget.length(out.length, what);
    }
  }

  value(depth: number, tag = this.startTag()): PlistValue {
    const { name, empty } = tag;
    const at = (): string => this.where(tag.at);
    this.budget.item();
    switch (name) {
      case 'dict':
        return this.dict(depth, empty, at);
      case 'array':
        return this.array(depth, empty);
      case 'string':
        return empty ? '' : this.textContent('string', 'string');
      case 'key':
        throw bad(`a <key> at ${at()} stands outside a <dict>`);
      case 'true':
      case 'false':
        if (!empty) this.endTag(name);
        return name === 'true';
      case 'integer':
        return parseInteger(empty ? '' : this.textContent('integer', 'integer'), at);
      case 'real':
        return parseReal(empty ? '' : this.textContent('real', 'real'), at);
      case 'date':
        return parseDate(empty ? '' : this.textContent('date', 'date'), at);
      case 'data':
        return parseData(empty ? '' : this.textContent('data', 'data'), at, this.budget);
      default:
        throw bad(`<${name}> at ${at()} is not a property-list element (dict, array, key, string, integer, real, true, false, date, data)`);
    }
  }

  dict(depth: number, empty: boolean, at: () => string): Record<string, PlistValue> {
    this.budget.depth(depth + 1);
    const dict = newDict();
    if (empty) return dict;
    for (;;) {
      const token = this.significant();
      if (token.kind === 'end') {
        this.endTag('dict', token);
        return dict;
      }
      const key = this.startTag(token);
      if (key.name !== 'key') throw bad(`a <dict> at ${at()} holds a <${key.name}> where a <key> belongs`);
      const keyText = key.empty ? '' : this.textContent('key', 'key');
      const next = this.significant();
      if (next.kind === 'end') throw bad(`the key "${keyText.slice(0, 60)}" at ${this.where(next.at)} has no value`);
      if (this.budget.limits.refuseDuplicateKeys && Object.hasOwn(dict, keyText)) {
        throw bad(`the key "${keyText.slice(0, 60)}" at ${this.where(next.at)} appears twice in one <dict>`);
      }
      setKey(dict, keyText, this.value(depth + 1, this.startTag(next)));
    }
  }

  array(depth: number, empty: boolean): PlistValue[] {
    this.budget.depth(depth + 1);
    const list: PlistValue[] = [];
    if (empty) return list;
    for (;;) {
      const token = this.significant();
      if (token.kind === 'end') {
        this.endTag('array', token);
        return list;
      }
      list.push(this.value(depth + 1, this.startTag(token)));
    }
  }
}

function parseInteger(raw: string, at: () => string): number | bigint {
  const text = raw.trim();
  const match = /^([+-]?)(?:0x([0-9a-fA-F]{1,32})|([0-9]{1,40}))$/.exec(text);
  if (!match) throw bad(`<integer> at ${at()} holds "${text.slice(0, 40)}", which is not an integer`);
  let value = match[2] !== undefined ? BigInt(`0x${match[2]}`) : BigInt(match[3]!);
  if (match[1] === '-') value = -value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

function parseReal(raw: string, at: () => string): number {
  const text = raw.trim();
  const lower = text.toLowerCase();
  if (lower === 'nan') return Number.NaN;
  if (/^[+]?inf(inity)?$/.test(lower)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/.test(lower)) return Number.NEGATIVE_INFINITY;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw bad(`<real> at ${at()} holds "${text.slice(0, 40)}", which is not a number`);
  return Number(text);
}

function parseDate(raw: string, at: () => string): Date {
  const text = raw.trim();
  // Apple writes YYYY-MM-DDTHH:MM:SSZ; CoreFoundation also reads shorter prefixes.
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?)?)?)?)?)?Z?$/.exec(text);
  if (!match) throw bad(`<date> at ${at()} holds "${text.slice(0, 40)}", which is not an ISO 8601 date`);
  const [, y, mo = '1', d = '1', h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Date.UTC(2000, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  date.setUTCFullYear(Number(y)); // Date.UTC maps years 0–99 to 1900–1999
  if (Number.isNaN(date.getTime())) throw bad(`<date> at ${at()} holds "${text}", which is not a valid date`);
  return date;
}

function parseData(raw: string, at: () => string, budget: Budget): Buffer {
  const text = raw.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw bad(`<data> at ${at()} is not base64`);
  const bytes = Buffer.from(text, 'base64');
  budget.length(bytes.length, 'data value');
  return bytes;
}

/** Reads an XML property list: <plist version="1.0"> around one value, or (as CoreFoundation accepts) a bare value. */
export function parseXmlPlist(data: Buffer, budget: Budget): PlistValue {
  const reader = new XmlPlistReader(decodeXmlBytes(data), budget);
  const tokens = reader.tokens;
  tokens.misc(true);
  if (tokens.pos >= tokens.text.length) throw bad('it holds no XML element');
  const root = reader.startTag();
  let value: PlistValue;
  if (root.name === 'plist') {
    if (root.empty) throw bad('<plist> is empty');
    value = reader.value(0);
    reader.endTag('plist');
  } else {
    value = reader.value(0, root);
  }
  tokens.misc(false);
  if (tokens.pos < tokens.text.length) throw bad(`unexpected content after the root value at ${reader.where()}`);
  return value;
}
