// Provisioning profiles (.mobileprovision for iOS, .provisionprofile for macOS): a CMS
// SignedData (DER) whose encapsulated content is an XML property list. We read the plist
// and the developer certificates it lists; we do not verify Apple's signature (the device
// does that at install time, and a parser has no trust store).
//
//   ContentInfo ::= SEQUENCE { contentType OID pkcs7-signedData (1.2.840.113549.1.7.2),
//                              content [0] EXPLICIT SignedData }
//   SignedData  ::= SEQUENCE { version, digestAlgorithms, encapContentInfo, certificates [0], …, signerInfos }
//   encapContentInfo ::= SEQUENCE { eContentType OID pkcs7-data, eContent [0] EXPLICIT OCTET STRING }
// The OCTET STRING may be constructed (BER, chunked); its bytes are the plist.
import { readSignedData } from '../../crypto/der.ts';
import type { SignedData } from '../../crypto/der.ts';
import { summarizeCertificate } from '../../crypto/x509.ts';
import type { CertificateSummary } from '../../crypto/x509.ts';
import { AppInfoError } from '../../errors.ts';
import { parsePlist, plistArray, plistBool, plistDate, plistDict, plistNumber, plistString, plistStrings, plistSubDict, plistToJson } from '../../plist/index.ts';

/** Apple's rules: ProvisionsAllDevices → enterprise; devices and get-task-allow → development; devices only → adhoc; neither → appstore. */
export type ProfileType = 'development' | 'adhoc' | 'appstore' | 'enterprise';

/** A developer certificate from DeveloperCertificates. */
export type DeveloperCertificate = CertificateSummary;

export interface ProvisioningProfile {
  /** Name: "iOS Team Provisioning Profile: *" … */
  name: string | null;
  /** AppIDName. */
  appIdName: string | null;
  /** The application-identifier entitlement, "TEAMID.com.example.app" (may end in "*"). */
  applicationIdentifier: string | null;
  /** The application identifier without its team prefix. */
  bundleId: string | null;
  appIdPrefixes: string[];
  teamName: string | null;
  teamIds: string[];
  uuid: string | null;
  /** ios, macos, tvos, watchos, visionos (from Platform; ios when the profile does not say). */
  platform: string;
  /** The Platform array as written: iOS, OSX, tvOS, xrOS … */
  platforms: string[];
  type: ProfileType;
  createdAt: string | null;
  expiresAt: string | null;
  expired: boolean;
  timeToLive: number | null;
  version: number | null;
  isXcodeManaged: boolean | null;
  provisionsAllDevices: boolean;
  getTaskAllow: boolean;
  /** ProvisionedDevices: device UDIDs. */
  devices: string[];
  entitlements: Record<string, unknown>;
  developerCertificates: DeveloperCertificate[];
}

/** Profiles are tens of KiB; an enterprise one with every device listed stays well under this. */
export const MAX_PROFILE_BYTES = 8 * 1024 * 1024;
/** More certificates than this is not a real profile. */
const MAX_CERTIFICATES = 100;

/** DER of OBJECT IDENTIFIER 1.2.840.113549.1.7.2 (tag, length, value). */
const SIGNED_DATA_OID_DER = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);

function bad(message: string, cause?: unknown): AppInfoError {
  return new AppInfoError('bad_provisioning_profile', message, cause === undefined ? undefined : { cause });
}

/** True when the bytes start like a CMS SignedData that carries a property list: a profile. */
export function looksLikeProvisioningProfile(head: Buffer): boolean {
  if (head.length < 16) return false;
  if (head[0] !== 0x30) {
    // A profile already decoded with `security cms -D`: an XML plist with a profile's keys.
    const text = head.toString('utf8', 0, Math.min(head.length, 4096)).trimStart();
    return (text.startsWith('<?xml') || text.startsWith('<plist')) && head.includes('<key>ExpirationDate</key>') && head.includes('<key>TeamIdentifier</key>');
  }
  // The OID follows the outer SEQUENCE's tag and length (2–6 bytes).
  const at = head.subarray(0, 24).indexOf(SIGNED_DATA_OID_DER);
  if (at < 2 || at > 8) return false;
  return head.includes('<plist') || head.includes('bplist00');
}

/** The property-list bytes a profile signs. */
export function extractProfilePlist(data: Buffer): Buffer {
  if (data.length === 0) {
    throw bad('The provisioning profile is empty (0 bytes); export it again from Xcode or the Apple Developer site');
  }
  if (data.length > MAX_PROFILE_BYTES) {
    throw new AppInfoError('limit_exceeded', `The provisioning profile is ${data.length} bytes, more than the ${MAX_PROFILE_BYTES} a profile can reasonably hold`);
  }
  if (data[0] !== 0x30) {
    // A profile already decoded with `security cms -D` is the bare plist; accept it.
    const text = data.toString('latin1', 0, Math.min(data.length, 4096));
    if (text.includes('<plist') || text.startsWith('bplist00')) return data;
    if (text.trimStart().startsWith('<?xml')) {
      throw bad('The provisioning profile holds no plist block: it is an XML document without a <plist> element, where a CMS-signed property list was expected');
    }
    const hex = [...data.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw bad(`Not a provisioning profile: a CMS-signed profile starts with a DER SEQUENCE (byte 0x30), but this file starts with bytes ${hex}`);
  }
  let signed: SignedData;
  try {
    signed = readSignedData(data);
  } catch (error) {
    const reason = (error as Error).message;
    if (/not signed data/.test(reason)) throw bad(`The provisioning profile's CMS ${reason}`);
    throw bad(`The provisioning profile's CMS signature structure is corrupt (${reason}); download the profile again`, error);
  }
  if (!signed.content) throw bad('The provisioning profile holds no plist block: its CMS signed data carries no content');
  const bytes = signed.content;
  const start = bytes.subarray(0, 4096).toString('latin1');
  if (!start.includes('<plist') && !start.startsWith('bplist00')) {
    throw bad(`The provisioning profile holds no plist block: its signed content (${bytes.length} bytes) is not a property list`);
  }
  return bytes;
}

const PLATFORMS: Record<string, string> = { ios: 'ios', iphoneos: 'ios', osx: 'macos', macos: 'macos', tvos: 'tvos', watchos: 'watchos', xros: 'visionos', visionos: 'visionos' };

/** Parses a provisioning profile (CMS-signed or the bare plist). `now` decides `expired`. */
export function parseProvisioningProfile(data: Buffer, now: Date = new Date()): ProvisioningProfile {
  const plist = plistDict(parsePlist(extractProfilePlist(data)), 'The provisioning profile plist');
  const entitlements = plistSubDict(plist, 'Entitlements') ?? {};
  const applicationIdentifier = plistString(entitlements, 'application-identifier') ?? plistString(entitlements, 'com.apple.application-identifier');
  const appIdPrefixes = plistStrings(plist, 'ApplicationIdentifierPrefix');
  const teamIds = plistStrings(plist, 'TeamIdentifier');
  const platforms = plistStrings(plist, 'Platform');
  const devices = plistStrings(plist, 'ProvisionedDevices');
  const provisionsAllDevices = plistBool(plist, 'ProvisionsAllDevices') === true;
  const getTaskAllow = plistBool(entitlements, 'get-task-allow') === true || plistBool(entitlements, 'com.apple.security.get-task-allow') === true;
  const created = plistDate(plist, 'CreationDate');
  const expires = plistDate(plist, 'ExpirationDate');

  let type: ProfileType;
  if (provisionsAllDevices) type = 'enterprise';
  else if (devices.length > 0 && getTaskAllow) type = 'development';
  else if (devices.length > 0) type = 'adhoc';
  else type = 'appstore';

  const certificates = plistArray(plist, 'DeveloperCertificates');
  if (certificates.length > MAX_CERTIFICATES) {
    throw new AppInfoError('limit_exceeded', `The provisioning profile lists ${certificates.length} developer certificates, more than the ${MAX_CERTIFICATES} allowed`);
  }

  return {
    name: plistString(plist, 'Name'),
    appIdName: plistString(plist, 'AppIDName'),
    applicationIdentifier,
    bundleId: applicationIdentifier === null ? null : stripTeamPrefix(applicationIdentifier, [...appIdPrefixes, ...teamIds]),
    appIdPrefixes,
    teamName: plistString(plist, 'TeamName'),
    teamIds,
    uuid: plistString(plist, 'UUID'),
    platform: PLATFORMS[(platforms[0] ?? 'iOS').toLowerCase()] ?? (platforms[0] ?? 'ios').toLowerCase(),
    platforms,
    type,
    createdAt: created?.toISOString() ?? null,
    expiresAt: expires?.toISOString() ?? null,
    expired: expires !== null && expires.getTime() <= now.getTime(),
    timeToLive: plistNumber(plist, 'TimeToLive'),
    version: plistNumber(plist, 'Version'),
    isXcodeManaged: plistBool(plist, 'IsXcodeManaged'),
    provisionsAllDevices,
    getTaskAllow,
    devices,
    entitlements: plistToJson(entitlements) as Record<string, unknown>,
    developerCertificates: certificates.map((item, index) => {
      if (!Buffer.isBuffer(item)) throw bad(`Developer certificate ${index + 1} in the provisioning profile is not data`);
      return parseCertificate(item, index, now);
    }),
  };
}

/** "ABCDE12345.com.example.app" → "com.example.app" (the prefix is the team or app id prefix). */
export function stripTeamPrefix(identifier: string, prefixes: string[]): string {
  for (const prefix of prefixes) if (prefix && identifier.startsWith(`${prefix}.`)) return identifier.slice(prefix.length + 1);
  const dot = identifier.indexOf('.');
  // Team ids are ten upper-case letters and digits.
  return dot === 10 && /^[A-Z0-9]{10}$/.test(identifier.slice(0, 10)) ? identifier.slice(11) : identifier;
}


function parseCertificate(der: Buffer, index: number, now: Date): DeveloperCertificate {
  try {
    return summarizeCertificate(der, now);
  } catch (error) {
    throw bad(`Developer certificate ${index + 1} in the provisioning profile is not a valid X.509 certificate (${(error as Error).message ?? String(error)})`, error);
  }
}
