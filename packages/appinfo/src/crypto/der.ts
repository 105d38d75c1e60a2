// A small BER/DER reader: enough of ASN.1 to walk CMS SignedData (provisioning profiles,
// APK v1 signatures) quickly, without building a whole object model. Handles definite and
// indefinite lengths and constructed strings; every length is checked against its parent.

export class DerError extends Error {}

export interface Node {
  /** Tag class: 0 universal, 1 application, 2 context-specific, 3 private. */
  cls: number;
  constructed: boolean;
  /** Tag number (low-tag form up to 30, high-tag form decoded). */
  tag: number;
  /** Offset of the element's first byte (its tag) in the buffer. */
  offset: number;
  /** Offset of the first content byte in the buffer. */
  start: number;
  /** Offset just past the content (before an indefinite length's end-of-contents octets). */
  end: number;
  /** Offset just past the whole element, end-of-contents included. */
  next: number;
}

const MAX_DEPTH = 64;

/** Reads the element that starts at `offset` and must end by `limit`. */
export function readNode(data: Uint8Array, offset: number, limit: number = data.length, depth = 0): Node {
  if (depth > MAX_DEPTH) throw new DerError(`ASN.1 nesting deeper than ${MAX_DEPTH}`);
  let at = offset;
  if (at + 2 > limit) throw new DerError(`ASN.1 element at ${offset} is cut short`);
  const first = data[at++]!;
  const cls = first >> 6;
  const constructed = (first & 0x20) !== 0;
  let tag = first & 0x1f;
  if (tag === 0x1f) {
    tag = 0;
    for (let i = 0; ; i++) {
      if (at >= limit || i > 4) throw new DerError(`ASN.1 tag at ${offset} is malformed`);
      const byte = data[at++]!;
      tag = tag * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
  }
  if (at >= limit) throw new DerError(`ASN.1 length at ${offset} is cut short`);
  const lengthByte = data[at++]!;
  if (lengthByte === 0x80) {
    // Indefinite length (BER): children until the end-of-contents octets 00 00.
    if (!constructed) throw new DerError(`ASN.1 element at ${offset} has an indefinite length but is primitive`);
    const start = at;
    let child = start;
    for (;;) {
      if (child + 2 > limit) throw new DerError(`ASN.1 element at ${offset} has no end-of-contents`);
      if (data[child] === 0 && data[child + 1] === 0) return { cls, constructed, tag, offset, start, end: child, next: child + 2 };
      child = readNode(data, child, limit, depth + 1).next;
    }
  }
  let length = lengthByte;
  if (lengthByte & 0x80) {
    const count = lengthByte & 0x7f;
    if (count > 4 || at + count > limit) throw new DerError(`ASN.1 length at ${offset} is malformed`);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + data[at++]!;
  }
  if (at + length > limit) throw new DerError(`ASN.1 element at ${offset} claims ${length} bytes but only ${limit - at} remain`);
  return { cls, constructed, tag, offset, start: at, end: at + length, next: at + length };
}

/** The children of a constructed element. */
export function children(data: Uint8Array, node: Node, max = 100_000): Node[] {
  if (!node.constructed) throw new DerError('expected a constructed ASN.1 element');
  const out: Node[] = [];
  for (let at = node.start; at < node.end; ) {
    if (out.length >= max) throw new DerError(`more than ${max} ASN.1 children`);
    const child = readNode(data, at, node.end);
    out.push(child);
    at = child.next;
  }
  return out;
}

export function isUniversal(node: Node, tag: number): boolean {
  return node.cls === 0 && node.tag === tag;
}

export const TAG = { INTEGER: 2, OCTET_STRING: 4, OID: 6, SEQUENCE: 16, SET: 17 } as const;

/** Dotted form of an OBJECT IDENTIFIER's content. */
export function oid(data: Uint8Array, node: Node): string {
  if (!isUniversal(node, TAG.OID) || node.end <= node.start) throw new DerError('expected an OBJECT IDENTIFIER');
  const parts: number[] = [];
  let value = 0;
  for (let at = node.start; at < node.end; at++) {
    const byte = data[at]!;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/** The bytes of an OCTET STRING, joining the chunks of a constructed one. */
export function octets(data: Uint8Array, node: Node, depth = 0): Buffer {
  if (!isUniversal(node, TAG.OCTET_STRING)) throw new DerError('expected an OCTET STRING');
  if (!node.constructed) return Buffer.from(data.buffer, data.byteOffset + node.start, node.end - node.start);
  if (depth > 8) throw new DerError('OCTET STRING chunks nested too deep');
  return Buffer.concat(children(data, node).map((chunk) => octets(data, chunk, depth + 1)));
}

/** The whole encoding of an element (tag, length and content), e.g. a certificate's DER. */
export function encoding(data: Uint8Array, offset: number, node: Node): Buffer {
  return Buffer.from(data.buffer, data.byteOffset + offset, node.next - offset);
}

export const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';

export interface SignedData {
  /** encapContentInfo's content type. */
  contentType: string;
  /** The signed content, or null for a detached signature. */
  content: Buffer | null;
  /** The DER of each certificate in the certificates field. */
  certificates: Buffer[];
}

/**
 * Reads a CMS ContentInfo holding SignedData (RFC 5652):
 *   ContentInfo ::= SEQUENCE { contentType OID, content [0] EXPLICIT SignedData }
 *   SignedData  ::= SEQUENCE { version INTEGER, digestAlgorithms SET,
 *                   encapContentInfo SEQUENCE { eContentType OID, eContent [0] EXPLICIT OCTET STRING OPTIONAL },
 *                   certificates [0] IMPLICIT SET OF Certificate OPTIONAL, crls [1] OPTIONAL, signerInfos SET }
 */
export function readSignedData(data: Uint8Array): SignedData {
  const info = readNode(data, 0);
  if (!isUniversal(info, TAG.SEQUENCE)) throw new DerError('the outer element is not a SEQUENCE');
  const [typeNode, wrapper] = children(data, info, 4);
  if (!typeNode || !wrapper) throw new DerError('ContentInfo is incomplete');
  const type = oid(data, typeNode);
  if (type !== OID_SIGNED_DATA) throw new DerError(`content type is ${type}, not signed data (${OID_SIGNED_DATA})`);
  if (wrapper.cls !== 2 || wrapper.tag !== 0) throw new DerError('ContentInfo content is not [0]');
  const [signed] = children(data, wrapper, 2);
  if (!signed || !isUniversal(signed, TAG.SEQUENCE)) throw new DerError('SignedData is not a SEQUENCE');
  const fields = children(data, signed, 16);
  const encap = fields[2];
  if (!encap || !isUniversal(encap, TAG.SEQUENCE)) throw new DerError('SignedData has no encapContentInfo');
  const [encapType, encapWrapper] = children(data, encap, 3);
  if (!encapType) throw new DerError('encapContentInfo has no content type');
  let content: Buffer | null = null;
  if (encapWrapper) {
    if (encapWrapper.cls !== 2 || encapWrapper.tag !== 0) throw new DerError('eContent is not [0]');
    const [octetNode] = children(data, encapWrapper, 2);
    if (!octetNode) throw new DerError('eContent is empty');
    content = octets(data, octetNode);
  }
  const certificates: Buffer[] = [];
  const certs = fields.slice(3).find((node) => node.cls === 2 && node.tag === 0);
  if (certs) {
    let at = certs.start;
    for (const cert of children(data, certs, 1000)) {
      if (isUniversal(cert, TAG.SEQUENCE)) certificates.push(encoding(data, at, cert));
      at = cert.next;
    }
  }
  return { contentType: oid(data, encapType), content, certificates };
}
