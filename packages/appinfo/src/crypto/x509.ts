// What a person needs to know about a signing certificate, read with Node's native X.509
// support (OpenSSL): names, serial, validity and fingerprints.
import { X509Certificate, createHash } from 'node:crypto';

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
