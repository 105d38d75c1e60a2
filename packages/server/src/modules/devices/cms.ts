// Reads and verifies the CMS SignedData (RFC 5652) an iPhone or iPad posts to the profile
// service URL: its device attributes as a plist, signed with the device's identity key.
//
// Verified here: exactly one signer; its certificate is in the message (matched by issuer and
// serial, or by subject key identifier); the messageDigest signed attribute equals the digest
// of the content and the contentType attribute names it; the signature over the DER SET of
// signed attributes (or over the content, when there are none) verifies with the
// certificate's public key (RSA PKCS#1 v1.5 or ECDSA). Not verified: that the
// certificate chains to Apple's device CA (see docs/udid.md), so this proves the content was
// not altered on the way and that its signer holds the key, nothing more.
//
// The BER/DER reading is @tarmac/appinfo's (the one that reads provisioning profiles and APK
// signatures): definite and indefinite lengths, constructed OCTET STRINGs, every length
// checked against its parent. Its DerError becomes a CmsError here, never a RangeError.
// docs/architecture-parsers.md says why this stays hand-written rather than pkijs.
import { X509Certificate, createHash, verify as verifySignature } from 'node:crypto';
import { der } from '@tarmac/appinfo';

export class CmsError extends Error {}

type Node = der.Node;

const UNIVERSAL = { INTEGER: 2, OCTET_STRING: 4, OID: 6, SEQUENCE: 16, SET: 17 } as const;

function readNode(data: Uint8Array, offset: number, limit: number): Node {
  return der.readNode(data, offset, limit);
}

function children(data: Uint8Array, node: Node, max = 1000): Node[] {
  return der.children(data, node, max);
}

const isUniversal = (node: Node | undefined, tag: number): boolean => node !== undefined && node.cls === 0 && node.tag === tag;
const isContext = (node: Node | undefined, tag: number): boolean => node !== undefined && node.cls === 2 && node.tag === tag;

function must(node: Node | undefined, tag: number, what: string): Node {
  if (!node || !isUniversal(node, tag)) throw new CmsError(`${what} is missing or malformed`);
  return node;
}

function mustContext(node: Node | undefined, tag: number, what: string): Node {
  if (!node || !isContext(node, tag)) throw new CmsError(`${what} is missing or malformed`);
  return node;
}

function oid(data: Uint8Array, node: Node | undefined, what: string): string {
  const n = must(node, UNIVERSAL.OID, what);
  if (n.end <= n.start || n.end - n.start > 64) throw new CmsError(`${what} is not a valid object identifier`);
  return der.oid(data, n);
}

function bytes(data: Uint8Array, from: number, to: number): Buffer {
  return Buffer.from(data.buffer, data.byteOffset + from, to - from);
}

/** An OCTET STRING's bytes, joining the chunks of a constructed (BER) one. */
function octets(data: Uint8Array, node: Node | undefined, what: string): Buffer {
  return der.octets(data, must(node, UNIVERSAL.OCTET_STRING, what));
}

/** An INTEGER's magnitude bytes without leading zero octets, for comparing serial numbers. */
function integerBytes(data: Uint8Array, node: Node | undefined, what: string): Buffer {
  const n = must(node, UNIVERSAL.INTEGER, what);
  let from = n.start;
  while (from < n.end - 1 && data[from] === 0) from++;
  return bytes(data, from, n.end);
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  subjectKeyIdentifier: '2.5.29.14',
} as const;

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Signature algorithm → key type and the hash it implies (undefined: the signer's digest algorithm). */
const SIGNATURES: Record<string, { key: 'rsa' | 'ec'; hash?: string }> = {
  '1.2.840.113549.1.1.1': { key: 'rsa' },
  '1.2.840.113549.1.1.5': { key: 'rsa', hash: 'sha1' },
  '1.2.840.113549.1.1.14': { key: 'rsa', hash: 'sha224' },
  '1.2.840.113549.1.1.11': { key: 'rsa', hash: 'sha256' },
  '1.2.840.113549.1.1.12': { key: 'rsa', hash: 'sha384' },
  '1.2.840.113549.1.1.13': { key: 'rsa', hash: 'sha512' },
  '1.2.840.10045.2.1': { key: 'ec' },
  '1.2.840.10045.4.1': { key: 'ec', hash: 'sha1' },
  '1.2.840.10045.4.3.1': { key: 'ec', hash: 'sha224' },
  '1.2.840.10045.4.3.2': { key: 'ec', hash: 'sha256' },
  '1.2.840.10045.4.3.3': { key: 'ec', hash: 'sha384' },
  '1.2.840.10045.4.3.4': { key: 'ec', hash: 'sha512' },
};

interface ParsedCertificate {
  der: Buffer;
  issuer: Buffer;
  serial: Buffer;
  subjectKeyId: Buffer | null;
}

/**
 * Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signature }
 * TBSCertificate ::= SEQUENCE { version [0] EXPLICIT OPTIONAL, serialNumber INTEGER, signature AlgorithmIdentifier,
 *   issuer Name, validity, subject Name, subjectPublicKeyInfo, issuerUniqueID [1], subjectUniqueID [2], extensions [3] EXPLICIT }
 */
function parseCertificate(data: Uint8Array, node: Node): ParsedCertificate {
  const [tbs] = children(data, must(node, UNIVERSAL.SEQUENCE, 'a certificate'), 3);
  const fields = children(data, must(tbs, UNIVERSAL.SEQUENCE, "a certificate's TBSCertificate"), 12);
  const rest = isContext(fields[0], 0) ? fields.slice(1) : fields;
  const serial = integerBytes(data, rest[0], "a certificate's serial number");
  const issuer = must(rest[2], UNIVERSAL.SEQUENCE, "a certificate's issuer");
  let subjectKeyId: Buffer | null = null;
  const extensionsWrapper = rest.slice(6).find((n) => isContext(n, 3));
  if (extensionsWrapper) {
    const [list] = children(data, extensionsWrapper, 1);
    for (const extension of children(data, must(list, UNIVERSAL.SEQUENCE, "a certificate's extensions"), 200)) {
      const parts = children(data, extension, 3);
      if (oid(data, parts[0], 'an extension id') !== OID.subjectKeyIdentifier) continue;
      const value = octets(data, parts[parts.length - 1], 'the subject key identifier');
      const inner = readNode(value, 0, value.length);
      subjectKeyId = octets(value, inner, 'the subject key identifier');
    }
  }
  return { der: bytes(data, node.offset, node.next), issuer: bytes(data, issuer.offset, issuer.next), serial, subjectKeyId };
}

export interface VerifiedContent {
  /** The signed content: for a device, its attributes as a plist. */
  content: Buffer;
  /** The signer's certificate. */
  certificate: X509Certificate;
}

/**
 * ContentInfo ::= SEQUENCE { contentType OID (signedData), content [0] EXPLICIT SignedData }
 * SignedData ::= SEQUENCE { version, digestAlgorithms SET, encapContentInfo SEQUENCE { eContentType, eContent [0] EXPLICIT OCTET STRING },
 *   certificates [0] IMPLICIT OPTIONAL, crls [1] IMPLICIT OPTIONAL, signerInfos SET OF SignerInfo }
 * SignerInfo ::= SEQUENCE { version, sid (IssuerAndSerialNumber | [0] SubjectKeyIdentifier), digestAlgorithm,
 *   signedAttrs [0] IMPLICIT SET OPTIONAL, signatureAlgorithm, signature OCTET STRING, unsignedAttrs [1] OPTIONAL }
 */
export function verifySignedData(input: Uint8Array): VerifiedContent {
  try {
    return verify(input);
  } catch (error) {
    if (error instanceof der.DerError) throw new CmsError(error.message);
    throw error;
  }
}

/** The SignedData's fields, from the ContentInfo that wraps them (the whole input, nothing after it). */
function signedDataFields(data: Uint8Array): Node[] {
  if (data.length === 0) throw new CmsError('the body is empty');
  const info = readNode(data, 0, data.length);
  if (!isUniversal(info, UNIVERSAL.SEQUENCE) || !info.constructed) throw new CmsError('the body is not a CMS message (DER)');
  if (info.next !== data.length) throw new CmsError(`${data.length - info.next} bytes follow the CMS message`);
  const [typeNode, wrapper] = children(data, info, 2);
  const type = oid(data, typeNode, 'the content type');
  if (type !== OID.signedData) throw new CmsError(`the content type is ${type}, not signed data (${OID.signedData})`);
  const [signed] = children(data, mustContext(wrapper, 0, 'the signed data'), 1);
  return children(data, must(signed, UNIVERSAL.SEQUENCE, 'SignedData'), 6);
}

/** encapContentInfo: the content's type and bytes (a detached signature carries none). */
function encapsulatedContent(data: Uint8Array, fields: Node[]): { contentType: string; content: Buffer } {
  const encap = children(data, must(fields[2], UNIVERSAL.SEQUENCE, 'encapContentInfo'), 2);
  const contentType = oid(data, encap[0], 'the encapsulated content type');
  if (!isContext(encap[1], 0)) throw new CmsError('the message carries no content (a detached signature)');
  const [contentNode] = children(data, encap[1]!, 1);
  return { contentType, content: octets(data, contentNode, 'the encapsulated content') };
}

function certificatesOf(data: Uint8Array, fields: Node[]): ParsedCertificate[] {
  const certificates: ParsedCertificate[] = [];
  const certsNode = fields.slice(3).find((n) => isContext(n, 0));
  if (certsNode) {
    for (const cert of children(data, certsNode, 20)) {
      if (isUniversal(cert, UNIVERSAL.SEQUENCE)) certificates.push(parseCertificate(data, cert));
    }
  }
  return certificates;
}

/** The one signer's SignerInfo parts. */
function signerInfoParts(data: Uint8Array, fields: Node[]): Node[] {
  const signerSet = must(fields[fields.length - 1], UNIVERSAL.SET, 'signerInfos');
  const signers = children(data, signerSet, 2);
  if (signers.length !== 1) throw new CmsError(signers.length === 0 ? 'the message is not signed (no signer)' : 'the message has more than one signer');
  return children(data, must(signers[0], UNIVERSAL.SEQUENCE, 'SignerInfo'), 7);
}

/** The certificate the signer identifier (issuer and serial, or subject key identifier) names. */
function signerCertificate(data: Uint8Array, sid: Node | undefined, certificates: ParsedCertificate[]): ParsedCertificate {
  if (!sid) throw new CmsError("the signer's identifier is missing");
  let signer: ParsedCertificate | undefined;
  if (isUniversal(sid, UNIVERSAL.SEQUENCE)) {
    const [issuer, serialNode] = children(data, sid, 2);
    const issuerBytes = must(issuer, UNIVERSAL.SEQUENCE, "the signer's issuer");
    const issuerDer = bytes(data, issuerBytes.offset, issuerBytes.next);
    const serial = integerBytes(data, serialNode, "the signer's serial number");
    signer = certificates.find((c) => c.issuer.equals(issuerDer) && c.serial.equals(serial));
  } else if (isContext(sid, 0)) {
    const keyId = bytes(data, sid.start, sid.end);
    signer = certificates.find((c) => c.subjectKeyId?.equals(keyId));
  } else {
    throw new CmsError("the signer's identifier is malformed");
  }
  if (!signer) throw new CmsError("the signer's certificate is not in the message");
  return signer;
}

/**
 * The bytes the signature covers, with signed attributes: their DER, once their message digest
 * is checked against the content and their content type against the content's.
 */
function signedAttributesBytes(
  data: Uint8Array,
  signedAttrs: Node,
  encapsulated: { contentType: string; content: Buffer },
  digest: string,
): Buffer {
  if (signedAttrs.end !== signedAttrs.next || !signedAttrs.constructed) throw new CmsError('the signed attributes are not DER');
  let messageDigest: Buffer | undefined;
  let attrContentType: string | undefined;
  for (const attribute of children(data, signedAttrs, 50)) {
    const [attrType, values] = children(data, must(attribute, UNIVERSAL.SEQUENCE, 'a signed attribute'), 2);
    const name = oid(data, attrType, 'a signed attribute type');
    if (name !== OID.messageDigest && name !== OID.contentType) continue;
    const list = children(data, must(values, UNIVERSAL.SET, 'a signed attribute value'), 2);
    if (list.length !== 1 || (name === OID.messageDigest ? messageDigest : attrContentType) !== undefined) {
      throw new CmsError('a signed attribute appears more than once');
    }
    if (name === OID.messageDigest) messageDigest = octets(data, list[0], 'the message digest');
    else attrContentType = oid(data, list[0], 'the content type attribute');
  }
  if (!messageDigest) throw new CmsError('the signed attributes have no message digest');
  if (attrContentType !== encapsulated.contentType) throw new CmsError('the signed content type does not match the content');
  if (!createHash(digest).update(encapsulated.content).digest().equals(messageDigest)) {
    throw new CmsError('the content does not match its signed digest (altered)');
  }
  // The signature covers the attributes' DER with the EXPLICIT SET OF tag, not the [0] IMPLICIT one.
  const signedBytes = Buffer.from(bytes(data, signedAttrs.offset, signedAttrs.next));
  signedBytes[0] = 0x31;
  return signedBytes;
}

/** Checks the signature over `signedBytes` with the signer's certificate; answers the certificate. */
function checkSignature(
  signer: ParsedCertificate,
  scheme: { key: 'rsa' | 'ec'; hash?: string },
  digest: string,
  signed: { bytes: Buffer; signature: Buffer },
): X509Certificate {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(signer.der);
  } catch {
    throw new CmsError("the signer's certificate cannot be read");
  }
  const key = certificate.publicKey;
  if (key.asymmetricKeyType !== scheme.key) {
    throw new CmsError(`the signature algorithm does not fit the certificate's ${key.asymmetricKeyType ?? 'unknown'} key`);
  }
  let valid: boolean;
  try {
    valid = verifySignature(scheme.hash ?? digest, signed.bytes, key, signed.signature);
  } catch {
    // A signature that is not even well-formed for the key (a bad ECDSA DER, say).
    valid = false;
  }
  if (!valid) throw new CmsError("the signature does not verify with the signer's certificate");
  return certificate;
}

function verify(data: Uint8Array): VerifiedContent {
  const fields = signedDataFields(data);
  const encapsulated = encapsulatedContent(data, fields);
  const certificates = certificatesOf(data, fields);
  const parts = signerInfoParts(data, fields);
  const signer = signerCertificate(data, parts[1], certificates);

  const digestAlgorithm = oid(data, children(data, must(parts[2], UNIVERSAL.SEQUENCE, 'the digest algorithm'), 2)[0], 'the digest algorithm');
  const digest = DIGESTS[digestAlgorithm];
  if (!digest) throw new CmsError(`the digest algorithm ${digestAlgorithm} is not supported`);

  let at = 3;
  const signedAttrs = isContext(parts[at], 0) ? parts[at++] : undefined;
  const signedBytes = signedAttrs ? signedAttributesBytes(data, signedAttrs, encapsulated, digest) : encapsulated.content;
  const algorithm = oid(data, children(data, must(parts[at++], UNIVERSAL.SEQUENCE, 'the signature algorithm'), 2)[0], 'the signature algorithm');
  const scheme = SIGNATURES[algorithm];
  if (!scheme) throw new CmsError(`the signature algorithm ${algorithm} is not supported`);
  const signature = octets(data, parts[at], 'the signature');
  const certificate = checkSignature(signer, scheme, digest, { bytes: signedBytes, signature });
  if (encapsulated.contentType !== OID.data) throw new CmsError(`the content type is ${encapsulated.contentType}, not data`);
  return { content: encapsulated.content, certificate };
}
