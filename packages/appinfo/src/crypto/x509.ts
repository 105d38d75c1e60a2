// What a person needs to know about a signing certificate, read with Node's native X.509
// support (OpenSSL): names, serial, validity and fingerprints.
import { X509Certificate, createHash } from 'node:crypto';
import { DerError, TAG, children, isUniversal, oid, readNode } from './der.ts';
import type { Node } from './der.ts';

export interface CertificateSummary {
  /** The whole subject, "CN=…, OU=…, O=…, C=…", in the certificate's order. */
  subject: string;
  issuer: string;
  commonName: string | null;
  organization: string | null;
  organizationalUnit: string | null;
  /** The user id attribute (Apple puts the team member id there). */
  userId: string | null;
  /** Serial number, lowercase hex without separators or leading zero bytes. */
  serial: string;
  notBefore: string | null;
  notAfter: string | null;
  expired: boolean;
  sha1: string;
  sha256: string;
}

function attributes(name: string): [string, string][] {
  return name
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const eq = line.indexOf('=');
      // OpenSSL escapes RFC 4514 specials (\, \+ \" …); show the plain value.
      return [line.slice(0, eq), line.slice(eq + 1).replace(/\\(.)/g, '$1')];
    });
}

function iso(date: Date | undefined): string | null {
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** Throws (an OpenSSL error) when `der` is not a certificate; callers wrap it. */
export function summarizeCertificate(der: Buffer, now: Date = new Date()): CertificateSummary {
  const cert = new X509Certificate(der);
  const subject = attributes(cert.subject);
  const pick = (key: string) => subject.find(([k]) => k === key)?.[1] ?? null;
  const notBefore = cert.validFromDate;
  const notAfter = cert.validToDate;
  return {
    subject: subject.map(([k, v]) => `${k}=${v}`).join(', '),
    issuer: attributes(cert.issuer)
      .map(([k, v]) => `${k}=${v}`)
      .join(', '),
    commonName: pick('CN'),
    organization: pick('O'),
    organizationalUnit: pick('OU'),
    userId: pick('UID') ?? pick('userId'),
    serial: cert.serialNumber.toLowerCase().replace(/^(00)+(?=.)/, ''),
    notBefore: iso(notBefore),
    notAfter: iso(notAfter),
    expired: notAfter !== undefined && notAfter.getTime() <= now.getTime(),
    sha1: createHash('sha1').update(der).digest('hex'),
    sha256: createHash('sha256').update(der).digest('hex'),
  };
}

export interface NameAttribute {
  /** Attribute type OID, e.g. 2.5.4.3 for the common name. */
  oid: string;
  value: string;
}

function decodeString(data: Uint8Array, node: Node): string {
  const bytes = Buffer.from(data.buffer, data.byteOffset + node.start, node.end - node.start);
  switch (node.tag) {
    case 30: // BMPString: UTF-16BE
      return Buffer.from(bytes).swap16().toString('utf16le');
    case 20: // TeletexString, read as Latin-1 like most tools
      return bytes.toString('latin1');
    default: // UTF8String(12), PrintableString(19), IA5String(22) …
      return bytes.toString('utf8');
  }
}

function readName(data: Uint8Array, name: Node): NameAttribute[] {
  const out: NameAttribute[] = [];
  for (const rdn of children(data, name, 64)) {
    for (const pair of children(data, rdn, 16)) {
      const [type, value] = children(data, pair, 2);
      if (type && value) out.push({ oid: oid(data, type), value: decodeString(data, value) });
    }
  }
  return out;
}

/**
 * The subject and issuer of a certificate as (OID, value) pairs in the certificate's order:
 *   Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signature }
 *   TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber, signature, issuer Name,
 *                                  validity, subject Name, subjectPublicKeyInfo, … }
 */
export function certificateNames(der: Uint8Array): { subject: NameAttribute[]; issuer: NameAttribute[] } {
  const cert = readNode(der, 0);
  const [tbs] = children(der, cert, 3);
  if (!tbs || !isUniversal(tbs, TAG.SEQUENCE)) throw new DerError('not an X.509 certificate');
  const fields = children(der, tbs, 12);
  const first = fields[0]?.cls === 2 && fields[0].tag === 0 ? 1 : 0;
  const issuer = fields[first + 2];
  const subject = fields[first + 4];
  if (!issuer || !subject) throw new DerError('the certificate has no issuer or subject');
  return { subject: readName(der, subject), issuer: readName(der, issuer) };
}
