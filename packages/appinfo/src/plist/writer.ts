// The XML property list writer: the one Tarmac has (the server's iOS install manifest and the
// UDID profile use it). Every string is escaped, and characters XML 1.0 cannot carry at all
// (most control characters, lone surrogates, U+FFFE/U+FFFF) are dropped, so whatever a value
// holds, the document is one iOS and libplist's plistutil read.

export type PlistNode = string | number | boolean | readonly PlistNode[] | { readonly [key: string]: PlistNode };

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for an XML element's content. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function write(node: PlistNode, indent: string, out: string[]): void {
  const inner = `${indent}\t`;
  if (typeof node === 'string') out.push(`${indent}<string>${xmlText(node)}</string>`);
  else if (typeof node === 'boolean') out.push(`${indent}<${node ? 'true' : 'false'}/>`);
  else if (typeof node === 'number') {
    if (!Number.isFinite(node)) throw new RangeError(`a plist number must be finite, got ${node}`);
    out.push(Number.isInteger(node) ? `${indent}<integer>${node}</integer>` : `${indent}<real>${node}</real>`);
  } else if (Array.isArray(node)) {
    out.push(`${indent}<array>`);
    for (const item of node as readonly PlistNode[]) write(item, inner, out);
    out.push(`${indent}</array>`);
  } else {
    out.push(`${indent}<dict>`);
    for (const [key, value] of Object.entries(node)) {
      out.push(`${inner}<key>${xmlText(key)}</key>`);
      write(value, inner, out);
    }
    out.push(`${indent}</dict>`);
  }
}

/** The value as an XML property list document (Apple's DOCTYPE, tab indentation). */
export function plistXml(root: PlistNode): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
  ];
  write(root, '', out);
  out.push('</plist>', '');
  return out.join('\n');
}
