// The small XML property list reader and writer the profile service needs.

export type PlistValue = string | number | boolean | PlistValue[] | Map<string, PlistValue>;

export class PlistError extends Error {}

const PLIST_MAX_DEPTH = 8;
const PLIST_MAX_ITEMS = 500;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z0-9]{0,15});|&/g, (whole, entity: string | undefined) => {
    if (entity === undefined) throw new PlistError('a "&" does not start an entity');
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new PlistError(`the character reference ${whole} is invalid`);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[entity];
    if (value === undefined) throw new PlistError(`the entity ${whole} is unknown`);
    return value;
  });
}

interface Token {
  kind: 'open' | 'close' | 'empty' | 'text';
  name: string;
  text: string;
}

function tokenize(source: string): Token[] {
  const body = source
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^?]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^\s*<!DOCTYPE[^>[]*>/, '');
  const tokens: Token[] = [];
  const pattern = /<(\/?)([A-Za-z]+)(?:\s[^<>]*?)?(\/?)>|([^<]+)|(<)/g;
  for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
    if (match[5]) throw new PlistError('the XML has markup the plist format does not allow');
    if (match[4] !== undefined) {
      tokens.push({ kind: 'text', name: '', text: match[4] });
    } else {
      const kind = match[1] ? 'close' : match[3] ? 'empty' : 'open';
      tokens.push({ kind, name: match[2]!, text: '' });
    }
    if (tokens.length > PLIST_MAX_ITEMS * 4) throw new PlistError('the plist has too many elements');
  }
  return tokens;
}

/**
 * Reads an XML property list with limits (depth, number of values). Dictionaries come back
 * as Maps, so no key can reach an object's prototype. Dates and data stay strings.
 */
export function parsePlistXml(source: string): PlistValue {
  const tokens = tokenize(source);
  let at = 0;
  let items = 0;
  const isSpace = (token: Token | undefined) => token?.kind === 'text' && token.text.trim() === '';
  /** The next element, skipping the white space between elements. */
  const next = () => {
    while (isSpace(tokens[at])) at++;
    return tokens[at++];
  };

  function textUntil(name: string): string {
    let text = '';
    for (;;) {
      const token = tokens[at++];
      if (!token) throw new PlistError(`<${name}> is not closed`);
      if (token.kind === 'text') text += token.text;
      else if (token.kind === 'close' && token.name === name) return decodeText(text);
      else throw new PlistError(`<${name}> holds markup`);
    }
  }

  function value(depth: number): PlistValue {
    if (depth > PLIST_MAX_DEPTH) throw new PlistError(`the plist is nested deeper than ${PLIST_MAX_DEPTH}`);
    if (++items > PLIST_MAX_ITEMS) throw new PlistError(`the plist has more than ${PLIST_MAX_ITEMS} values`);
    const token = next();
    if (!token || token.kind === 'text' || token.kind === 'close') throw new PlistError('a value was expected');
    const empty = token.kind === 'empty';
    switch (token.name) {
      case 'dict': {
        const dict = new Map<string, PlistValue>();
        if (empty) return dict;
        for (;;) {
          const key = next();
          if (key?.kind === 'close' && key.name === 'dict') return dict;
          if (key?.kind !== 'open' || key.name !== 'key') throw new PlistError('a <key> was expected in <dict>');
          const name = textUntil('key');
          if (dict.has(name)) throw new PlistError(`the key "${name.slice(0, 40)}" appears twice`);
          dict.set(name, value(depth + 1));
        }
      }
      case 'array': {
        const list: PlistValue[] = [];
        if (empty) return list;
        for (;;) {
          while (isSpace(tokens[at])) at++;
          if (tokens[at]?.kind === 'close' && tokens[at]!.name === 'array') {
            at++;
            return list;
          }
          list.push(value(depth + 1));
        }
      }
      case 'string':
      case 'date':
      case 'data':
        return empty ? '' : textUntil(token.name);
      case 'integer':
      case 'real': {
        const text = empty ? '' : textUntil(token.name).trim();
        const number = Number(text);
        if (text === '' || !Number.isFinite(number)) throw new PlistError(`<${token.name}> holds "${text.slice(0, 40)}", not a number`);
        return number;
      }
      case 'true':
      case 'false':
        if (!empty) {
          const close = next();
          if (close?.kind !== 'close' || close.name !== token.name) throw new PlistError(`<${token.name}> is not closed`);
        }
        return token.name === 'true';
      default:
        throw new PlistError(`<${token.name}> is not a plist element`);
    }
  }

  const root = next();
  if (!root || root.kind !== 'open' || root.name !== 'plist') throw new PlistError('the content is not an XML property list');
  const result = value(1);
  const close = next();
  while (isSpace(tokens[at])) at++;
  if (close?.kind !== 'close' || close.name !== 'plist' || at !== tokens.length) throw new PlistError('the plist has content after its value');
  return result;
}

export type PlistInput = string | number | boolean | readonly PlistInput[] | { readonly [key: string]: PlistInput };

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]!};`);
}

function plistElement(value: PlistInput, indent: string): string {
  if (typeof value === 'string') return `${indent}<string>${escapeXml(value)}</string>\n`;
  if (typeof value === 'boolean') return `${indent}<${value}/>\n`;
  if (typeof value === 'number') return `${indent}<${Number.isInteger(value) ? 'integer' : 'real'}>${value}</${Number.isInteger(value) ? 'integer' : 'real'}>\n`;
  const inner = `${indent}\t`;
  if (Array.isArray(value)) return `${indent}<array>\n${value.map((v: PlistInput) => plistElement(v, inner)).join('')}${indent}</array>\n`;
  const entries = Object.entries(value as Record<string, PlistInput>);
  return `${indent}<dict>\n${entries.map(([k, v]) => `${inner}<key>${escapeXml(k)}</key>\n${plistElement(v, inner)}`).join('')}${indent}</dict>\n`;
}

/** An XML property list document, as Apple writes them. */
export function plistXml(value: PlistInput): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
    '<plist version="1.0">\n' +
    plistElement(value, '') +
    '</plist>\n'
  );
}
