// Mach-O code signatures. LC_CODE_SIGNATURE (linkedit_data_command: cmd cmdsize dataoff(8)
// datasize(12)) points, inside the slice, at a SuperBlob (all big-endian):
//   SuperBlob: magic 0xfade0cc0(0) length(4) count(8) then count × BlobIndex{type(0) offset(4)}
//   each blob: magic(0) length(4) …; types 0 CodeDirectory (0x1000+ alternates),
//   5 entitlements (XML plist), 0x10000 the CMS signature (empty when ad-hoc).
//   CodeDirectory: magic 0xfade0c02(0) length(4) version(8) flags(12) hashOffset(16)
//   identOffset(20) … teamOffset(48, from version 0x20200)
import { readSignedData } from '../../crypto/der.ts';
import { certificateNames } from '../../crypto/x509.ts';
import type { NameAttribute } from '../../crypto/x509.ts';
import { AppInfoError } from '../../errors.ts';
import type { RandomAccessReader } from '../../io/reader.ts';
import { sliceReader } from '../../io/reader.ts';
import { loadCommands, readHeader } from './macho.ts';
import type { MachOSlice } from './macho.ts';

const LC_CODE_SIGNATURE = 0x1d;
/** A code signature holds one hash per 4 KiB page per directory: ~1 MiB for a 100 MiB binary. */
export const MAX_CODE_SIGNATURE_BYTES = 16 * 1024 * 1024;
const MAX_BLOBS = 64;
const CS_ADHOC = 0x2;
const CS_RUNTIME = 0x10000;
const CS_LINKER_SIGNED = 0x20000;

/** Where a slice's code signature lies in the file (absolute offset), or null when it has none. */
export async function findCodeSignature(reader: RandomAccessReader, slice: MachOSlice): Promise<{ offset: number; size: number } | null> {
  const where = slice.offset === 0 ? '' : ` of the ${slice.arch} slice at byte ${slice.offset}`;
  const header = await readHeader(sliceReader(reader, slice.offset, slice.size), where);
  for (const { cmd, body } of loadCommands(header, where)) {
    if (cmd !== LC_CODE_SIGNATURE || body.length < 16) continue;
    const dataoff = header.u32(body, 8);
    const datasize = header.u32(body, 12);
    if (dataoff + datasize > slice.size) {
      throw new AppInfoError('truncated', `The code signature${where} declares bytes ${dataoff}–${dataoff + datasize}, past the slice's ${slice.size} bytes; the file is truncated`);
    }
    if (datasize > MAX_CODE_SIGNATURE_BYTES) {
      throw new AppInfoError('limit_exceeded', `The code signature${where} is ${datasize} bytes, more than the ${MAX_CODE_SIGNATURE_BYTES} allowed`);
    }
    return { offset: slice.offset + dataoff, size: datasize };
  }
  return null;
}

export interface CodeSignature {
  /** The code directory's identifier (usually the bundle id). */
  identifier: string | null;
  /** The team id the code directory names; null for ad-hoc signatures. */
  teamId: string | null;
  /** Signed without a certificate (codesign -s -, or the linker's signature). */
  adhoc: boolean;
  hardenedRuntime: boolean;
  linkerSigned: boolean;
  /** The signing certificate's common name ("Apple Development: Jane Doe (AB12CD34EF)", "Developer ID Application: …"). */
  identity: string | null;
  /** The certificate chain's common names, signer first, as `codesign -dv` lists Authority=. */
  authorities: string[];
  /** The entitlements blob: an XML property list. */
  entitlements: Buffer | null;
}

function cString(data: Buffer, offset: number): string | null {
  if (offset <= 0 || offset >= data.length) return null;
  const end = data.indexOf(0, offset);
  const stop = end === -1 ? data.length : end;
  return stop - offset > 1024 ? null : data.toString('utf8', offset, stop);
}

const sameName = (a: NameAttribute[], b: NameAttribute[]) =>
  a.length === b.length && a.every((x, i) => x.oid === b[i]!.oid && x.value === b[i]!.value);

/** The certificate chain in a CMS SignedData, signer first; [] when there is none or it does not parse. */
function certificateChain(der: Buffer): string[] {
  try {
    const certs = readSignedData(der)
      .certificates.slice(0, 16)
      .map((cert) => certificateNames(cert));
    const commonName = (names: NameAttribute[]) => names.find((a) => a.oid === '2.5.4.3')?.value ?? '';
    // The signer's certificate issues none of the others.
    let current = certs.find((c) => !certs.some((other) => other !== c && sameName(other.issuer, c.subject)));
    const chain: string[] = [];
    while (current && chain.length < certs.length) {
      chain.push(commonName(current.subject));
      if (sameName(current.issuer, current.subject)) break;
      const issuer = current.issuer;
      current = certs.find((c) => sameName(c.subject, issuer));
    }
    return chain;
  } catch {
    return [];
  }
}

/** Reads a code signature SuperBlob; a blob that points outside it is corrupt_file. */
export function parseCodeSignature(blob: Buffer): CodeSignature {
  const corrupt = (what: string) => new AppInfoError('corrupt_file', `The Mach-O code signature is corrupt: ${what}`);
  if (blob.length < 12 || blob.readUInt32BE(0) !== 0xfade0cc0) throw corrupt(`expected the SuperBlob magic fade0cc0, found ${blob.subarray(0, 4).toString('hex')}`);
  const length = Math.min(blob.readUInt32BE(4), blob.length);
  const count = blob.readUInt32BE(8);
  if (count > MAX_BLOBS || 12 + count * 8 > length) throw corrupt(`it declares ${count} blobs, which do not fit its ${length} bytes`);
  const result: CodeSignature = {
    identifier: null,
    teamId: null,
    adhoc: false,
    hardenedRuntime: false,
    linkerSigned: false,
    identity: null,
    authorities: [],
    entitlements: null,
  };
  let hasDirectory = false;
  for (let i = 0; i < count; i++) {
    const type = blob.readUInt32BE(12 + i * 8);
    const offset = blob.readUInt32BE(16 + i * 8);
    if (offset + 8 > length) throw corrupt(`blob ${i + 1} starts at byte ${offset}, past its ${length} bytes`);
    const size = blob.readUInt32BE(offset + 4);
    if (size < 8 || offset + size > length) throw corrupt(`blob ${i + 1} at byte ${offset} declares ${size} bytes, past its ${length} bytes`);
    const body = blob.subarray(offset, offset + size);
    if (type === 0 && body.length >= 44) {
      hasDirectory = true;
      const version = body.readUInt32BE(8);
      const flags = body.readUInt32BE(12);
      result.adhoc = (flags & CS_ADHOC) !== 0;
      result.hardenedRuntime = (flags & CS_RUNTIME) !== 0;
      result.linkerSigned = (flags & CS_LINKER_SIGNED) !== 0;
      result.identifier = cString(body, body.readUInt32BE(20));
      if (version >= 0x20200 && body.length >= 52) result.teamId = cString(body, body.readUInt32BE(48));
    } else if (type === 5 && body.readUInt32BE(0) === 0xfade7171) {
      result.entitlements = Buffer.from(body.subarray(8));
    } else if (type === 0x10000 && size > 8) {
      result.authorities = certificateChain(body.subarray(8));
      result.identity = result.authorities[0] ?? null;
    }
  }
  if (!hasDirectory) throw corrupt('it holds no code directory');
  return result;
}
