// A small, safe, non-validating XML parser for the plain-text XML found inside packages
// (AppxManifest.xml, a pkg's Distribution and table of contents, a Proguard zip's
// AndroidManifest.xml …): it builds an element tree from the tokens of tokenizer.ts (the one
// XML tokenizer; see there what is read and what is refused, e.g. DTD internal subsets).
// Limits: input length, element nesting depth and node count, so a hostile document costs
// bounded time and memory. Every failure is AppInfoError('bad_xml' or 'limit_exceeded').
import { AppInfoError } from '../errors.ts';
import { XmlTokenizer } from './tokenizer.ts';

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

/** Builds the element tree from the tokenizer's tokens, iteratively (no recursion), within the limits. */
class TreeBuilder {
  readonly tokens: XmlTokenizer;
  readonly options: Required<XmlOptions>;
  nodes = 0;

  constructor(text: string, options: Required<XmlOptions>) {
    this.tokens = new XmlTokenizer(text, { onAttribute: () => this.count() });
    this.options = options;
  }

  count(): void {
    if (++this.nodes > this.options.maxNodes) {
      throw new AppInfoError('limit_exceeded', `The XML document has more than ${this.options.maxNodes} nodes; refusing to read it`);
    }
  }

  pushText(parent: XmlElement, value: string): void {
    if (!this.options.keepWhitespace && /^[\t\n\r ]*$/.test(value)) return;
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') {
      parent.children[parent.children.length - 1] = last + value;
    } else {
      this.count();
      parent.children.push(value);
    }
  }

  /** Parses the root element and everything inside it. */
  element(): XmlElement {
    const tokens = this.tokens;
    const stack: XmlElement[] = [];
    let root: XmlElement | null = null;
    if (tokens.text[tokens.pos] !== '<') tokens.fail('expected the root element');
    for (;;) {
      const token = tokens.next();
      const parent = stack[stack.length - 1];
      if (token.kind === 'end-of-input') return tokens.fail(`element <${parent!.name}> is not closed`);
      if (token.kind === 'text') {
        if (!parent) return tokens.fail('CDATA outside the root element', token.at);
        this.pushText(parent, token.value);
      } else if (token.kind === 'end') {
        const open = stack.pop();
        if (!open || open.name !== token.name) {
          tokens.fail(`</${token.name}> does not match the open element${open ? ` <${open.name}>` : ''}`, token.at);
        }
        if (stack.length === 0) return root!;
      } else {
        const element: XmlElement = { name: token.name, attributes: token.attributes, children: [] };
        this.count();
        if (parent) parent.children.push(element);
        else root = element;
        if (token.empty && stack.length === 0) return element;
        if (token.empty) continue;
        stack.push(element);
        if (stack.length > this.options.maxDepth) {
          throw new AppInfoError('limit_exceeded', `The XML document nests elements more than ${this.options.maxDepth} deep; refusing to read it`);
        }
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
  const builder = new TreeBuilder(text, opts);
  const tokens = builder.tokens;
  tokens.misc(true);
  if (tokens.pos >= text.length) tokens.fail('the document has no root element');
  const root = builder.element();
  tokens.misc(false);
  if (tokens.pos < text.length) tokens.fail('content after the root element');
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
