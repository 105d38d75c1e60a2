// Who signed an Android package, and how. Two places hold signatures:
//  - v1 (JAR signing): META-INF/<NAME>.RSA|DSA|EC, a PKCS#7 SignedData whose certificate set
//    holds the signer's certificate. Read with src/crypto (DER) and Node's X509Certificate.
//  - v2, v3 and v3.1: the APK Signing Block, written between the last entry's data and the
//    zip central directory, found from the end-of-central-directory record:
//      u64 size of the block (excluding this field)
//      ID-value pairs: u64 length, u32 id, value (length - 4 bytes)
//      u64 size of the block (again)
//      16 bytes magic "APK Sig Block 42"
//    IDs: 0x7109871a v2, 0xf05368c0 v3, 0x1b93ad61 v3.1. A v2/v3 value is a u32-length-prefixed
//    sequence of u32-length-prefixed signers; each signer starts with its signed data:
//      u32-prefixed digests, u32-prefixed sequence of u32-prefixed X.509 certificates (DER),
//      (v3: u32 minSdk, u32 maxSdk), u32-prefixed additional attributes
//    followed by (v3: u32 minSdk, u32 maxSdk), signatures and the public key, not read here.
import { X509Certificate, createHash } from 'node:crypto';
import { readSignedData } from '../../crypto/der.ts';
import { certificateNames } from '../../crypto/x509.ts';
import type { NameAttribute } from '../../crypto/x509.ts';
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import { readTail } from '../../io/reader.ts';
import type { ZipArchive } from '../../zip/zip.ts';

export type AndroidSigningScheme = 'v1' | 'v2' | 'v3' | 'v3.1';

export interface AndroidCertificate {
  /** Distinguished name, most specific first, as apksigner prints it: "CN=…, OU=…, O=…, C=…". */
  subject: string;
  issuer: string;
  /** Serial number in lowercase hex. */
  serialNumber: string;
  /** Validity, ISO 8601. */
  notBefore: string;
  notAfter: string;
  /** Fingerprints of the DER certificate, lowercase hex without separators (as apksigner prints). */
  sha1: string;
  sha256: string;
  /** RSA, EC or DSA (or the key's OID when another), and its size in bits when known. */
  keyAlgorithm: string;
  keySize: number | null;
  /** The schemes whose signatures carry this certificate. */
  schemes: AndroidSigningScheme[];
}

export interface AndroidSigning {
  /** Signature schemes present, in v1, v2, v3, v3.1 order. */
  schemes: AndroidSigningScheme[];
  /** The v1 signature block files (META-INF/CERT.RSA …). */
  v1Files: string[];
  /** Signing certificates, each once (by SHA-256), in the order first seen. */
  certificates: AndroidCertificate[];
}

const BLOCK_IDS: [number, AndroidSigningScheme][] = [
  [0x7109871a, 'v2'],
  [0xf05368c0, 'v3'],
  [0x1b93ad61, 'v3.1'],
];
const MAGIC = Buffer.from('APK Sig Block 42', 'latin1');
/** Real blocks are kilobytes (verity padding rounds them to 4 KiB); a larger one is refused. */
const MAX_BLOCK_BYTES = 16 * 1024 * 1024;
/** A PKCS#7 signature block file holds a few certificates: kilobytes. */
const MAX_V1_FILE_BYTES = 1024 * 1024;
/** Signers per scheme and certificates per signer: real packages have one to a few. */
const MAX_SIGNERS = 64;
const MAX_CERTIFICATES = 64;

function blockError(message: string): AppInfoError {
  return new AppInfoError('corrupt_file', `The APK Signing Block is corrupt: ${message}; Android will refuse to install this package (sign it again with apksigner)`);
}

/** Reads the zip's end-of-central-directory record (zip64 too) for the central directory's offset. */
export async function centralDirectoryOffset(reader: RandomAccessReader): Promise<number> {
  // EOCD: u32 signature 0x06054b50, u16 disk, u16 cd disk, u16 entries here, u16 entries,
  // u32 cd size (+12), u32 cd offset (+16), u16 comment length (+20), comment. It sits in the
  // last 22 + 65535 bytes; the zip64 locator (20 bytes) sits just before it.
  const { offset, bytes } = await readTail(reader, 22 + 0xffff + 20);
  let at = -1;
  for (let i = bytes.length - 22; i >= 0; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50 && i + 22 + bytes.readUInt16LE(i + 20) === bytes.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new AppInfoError('corrupt_zip', 'Not a complete zip archive: its end-of-central-directory record is missing');
  let cdOffset = bytes.readUInt32LE(at + 16);
  // Zip64 locator: u32 signature 0x07064b50, u32 disk, u64 zip64 EOCD offset (+8), u32 disks.
  if (at >= 20 && bytes.readUInt32LE(at - 20) === 0x07064b50) {
    const zip64At = Number(bytes.readBigUInt64LE(at - 20 + 8));
    if (!Number.isSafeInteger(zip64At) || zip64At + 56 > offset + at) throw new AppInfoError('corrupt_zip', `The zip64 end-of-central-directory record is said to be at byte ${zip64At}, past the end of the archive`);
    // Zip64 EOCD: u32 signature 0x06064b50, u64 record size, u16 made by, u16 needed,
    // u32 disk, u32 cd disk, u64 entries here, u64 entries, u64 cd size (+40), u64 cd offset (+48).
    const record = await reader.read(zip64At, 56);
    if (record.readUInt32LE(0) !== 0x06064b50) throw new AppInfoError('corrupt_zip', `No zip64 end-of-central-directory record at byte ${zip64At}, where the locator points`);
    cdOffset = Number(record.readBigUInt64LE(48));
  }
  if (!Number.isSafeInteger(cdOffset) || cdOffset > offset + at) {
    throw new AppInfoError('corrupt_zip', `The central directory is said to start at byte ${cdOffset}, after the end-of-central-directory record at ${offset + at}`);
  }
  return cdOffset;
}

/** The ID-value pairs of the APK Signing Block before `cdOffset`, or null when there is none. */
export async function readSigningBlock(reader: RandomAccessReader, cdOffset: number): Promise<Map<number, Buffer> | null> {
  if (cdOffset < 32) return null;
  const footer = await reader.read(cdOffset - 24, 24);
  if (!footer.subarray(8).equals(MAGIC)) return null;
  const size = Number(footer.readBigUInt64LE(0));
  if (!Number.isSafeInteger(size) || size < 24 || size + 8 > cdOffset) {
    throw blockError(`its footer declares ${footer.readBigUInt64LE(0)} bytes, but only ${cdOffset - 8} bytes precede the central directory`);
  }
  if (size > MAX_BLOCK_BYTES) throw new AppInfoError('limit_exceeded', `The APK Signing Block declares ${size} bytes, more than the ${MAX_BLOCK_BYTES} read`);
  const start = cdOffset - size - 8;
  const block = await reader.read(start, size + 8);
  const head = block.readBigUInt64LE(0);
  if (head !== BigInt(size)) throw blockError(`its header declares ${head} bytes and its footer ${size}`);
  const pairs = new Map<number, Buffer>();
  const end = block.length - 24;
  let pos = 8;
  while (pos < end) {
    if (pos + 12 > end) throw blockError(`an ID-value pair at byte ${start + pos} is cut short`);
    const length = Number(block.readBigUInt64LE(pos));
    if (!Number.isSafeInteger(length) || length < 4 || length > end - pos - 8) {
      throw blockError(`an ID-value pair at byte ${start + pos} declares ${block.readBigUInt64LE(pos)} bytes, but only ${end - pos - 8} remain`);
    }
    const id = block.readUInt32LE(pos + 8);
    if (!pairs.has(id)) pairs.set(id, block.subarray(pos + 12, pos + 8 + length));
    pos += 8 + length;
  }
  return pairs;
}

/** Splits a u32-length-prefixed sequence into its u32-length-prefixed items. */
function lengthPrefixed(buf: Buffer, what: string, max: number): Buffer[] {
  const items: Buffer[] = [];
  let pos = 0;
  while (pos < buf.length) {
    if (pos + 4 > buf.length) throw blockError(`${what} ends inside a length prefix`);
    const length = buf.readUInt32LE(pos);
    if (length > buf.length - pos - 4) throw blockError(`${what} declares an item of ${length} bytes, but only ${buf.length - pos - 4} remain`);
    if (items.length >= max) throw new AppInfoError('limit_exceeded', `${what} holds more than ${max} items`);
    items.push(buf.subarray(pos + 4, pos + 4 + length));
    pos += 4 + length;
  }
  return items;
}

/** One u32-length-prefixed field at the start of `buf`: its bytes and what follows. */
function field(buf: Buffer, what: string): { value: Buffer; rest: Buffer } {
  if (buf.length < 4) throw blockError(`${what} is missing`);
  const length = buf.readUInt32LE(0);
  if (length > buf.length - 4) throw blockError(`${what} declares ${length} bytes, but only ${buf.length - 4} remain`);
  return { value: buf.subarray(4, 4 + length), rest: buf.subarray(4 + length) };
}

/** The DER certificates of every signer of a v2/v3/v3.1 block value. */
function schemeCertificates(value: Buffer, scheme: AndroidSigningScheme): Buffer[] {
  const what = `the ${scheme} signature`;
  const signers = lengthPrefixed(field(value, `${what}'s signer list`).value, `${what}'s signer list`, MAX_SIGNERS);
  if (signers.length === 0) throw blockError(`${what} has no signer`);
  const certificates: Buffer[] = [];
  for (const signer of signers) {
    const signedData = field(signer, `${what}'s signed data`).value;
    const digests = field(signedData, `${what}'s digests`);
    const certs = field(digests.rest, `${what}'s certificates`).value;
    certificates.push(...lengthPrefixed(certs, `${what}'s certificate list`, MAX_CERTIFICATES));
  }
  return certificates;
}

const DN_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SURNAME',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '2.5.4.42': 'GIVENNAME',
  '1.2.840.113549.1.9.1': 'EMAILADDRESS',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
};

function distinguishedName(attributes: NameAttribute[]): string {
  return attributes
    .map(({ oid, value: raw }) => {
      // Quoted when it holds a special character, as Java's X500Principal.toString() (which
      // apksigner and keytool print) writes it: O="Tarmac, Inc.".
      const value = /[,+=\n<>#;"\\]|^ | $/.test(raw) ? `"${raw.replace(/(["\\])/g, '\\$1')}"` : raw;
      return `${DN_NAMES[oid] ?? oid}=${value}`;
    })
    .reverse()
    .join(', ');
}

const KEY_ALGORITHMS: Record<string, string> = { rsa: 'RSA', 'rsa-pss': 'RSA', ec: 'EC', dsa: 'DSA', ed25519: 'Ed25519', ed448: 'Ed448' };
const CURVE_BITS: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521 };

/** The public key's algorithm and size, as apksigner prints them ("RSA", 2048). */
function keyInfo(cert: X509Certificate): { keyAlgorithm: string; keySize: number | null } {
  const key = cert.publicKey;
  const type = key.asymmetricKeyType ?? 'unknown';
  const details = key.asymmetricKeyDetails ?? {};
  const keySize = details.modulusLength ?? (details.namedCurve ? (CURVE_BITS[details.namedCurve] ?? null) : null);
  return { keyAlgorithm: KEY_ALGORITHMS[type] ?? type, keySize };
}

function describeCertificate(der: Uint8Array, where: string): Omit<AndroidCertificate, 'schemes'> {
  let cert: X509Certificate;
  let names: ReturnType<typeof certificateNames>;
  try {
    cert = new X509Certificate(der);
    names = certificateNames(der);
  } catch (error) {
    throw new AppInfoError('corrupt_file', `A signing certificate in ${where} is not a valid X.509 certificate (${(error as Error).message})`, { cause: error });
  }
  return {
    subject: distinguishedName(names.subject),
    issuer: distinguishedName(names.issuer),
    // As apksigner prints it: a BigInteger in hex, without leading zeros.
    serialNumber: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    notBefore: cert.validFromDate.toISOString(),
    notAfter: cert.validToDate.toISOString(),
    sha1: createHash('sha1').update(der).digest('hex'),
    sha256: createHash('sha256').update(der).digest('hex'),
    ...keyInfo(cert),
  };
}

/** The certificates (DER) of a PKCS#7 SignedData signature block file. */
function pkcs7Certificates(data: Buffer, file: string): Uint8Array[] {
  let certificates: Buffer[];
  try {
    certificates = readSignedData(data).certificates;
  } catch (error) {
    const detail = (error as Error).message.replace(/signed data \(1\.2\.840\.113549\.1\.7\.2\)/, 'signed data');
    throw new AppInfoError(
      'corrupt_file',
      `The v1 signature ${file} is not a valid PKCS#7 signature (${detail}); Android will refuse to install this package (sign it again with apksigner)`,
      { cause: error },
    );
  }
  if (certificates.length === 0) {
    throw new AppInfoError('corrupt_file', `The v1 signature ${file} is not a valid PKCS#7 signature (it holds no certificate); Android will refuse to install this package (sign it again with apksigner)`);
  }
  return certificates.slice(0, MAX_CERTIFICATES);
}

/** Reads every signature of the package: v1 from META-INF, v2/v3/v3.1 from the signing block. */
export async function readSigning(reader: RandomAccessReader, zip: ZipArchive): Promise<AndroidSigning> {
  const schemes: AndroidSigningScheme[] = [];
  const certificates: AndroidCertificate[] = [];
  const add = (der: Uint8Array, scheme: AndroidSigningScheme, where: string) => {
    const described = describeCertificate(der, where);
    const known = certificates.find((c) => c.sha256 === described.sha256);
    if (known) {
      if (!known.schemes.includes(scheme)) known.schemes.push(scheme);
    } else certificates.push({ ...described, schemes: [scheme] });
  };

  const v1Files = zip.entries.filter((e) => /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i.test(e.name)).map((e) => e.name);
  // Real packages have one signer (rarely a few); a package listing thousands is not read whole.
  for (const name of v1Files.slice(0, MAX_SIGNERS)) {
    const data = await zip.read(zip.get(name)!, { maxBytes: MAX_V1_FILE_BYTES });
    for (const der of pkcs7Certificates(data, name)) add(der, 'v1', name);
  }
  if (v1Files.length > 0) schemes.push('v1');

  const block = await readSigningBlock(reader, await centralDirectoryOffset(reader));
  for (const [id, scheme] of BLOCK_IDS) {
    const value = block?.get(id);
    if (!value) continue;
    schemes.push(scheme);
    for (const der of schemeCertificates(value, scheme)) add(der, scheme, `the ${scheme} signature`);
  }
  return { schemes, v1Files, certificates };
}
