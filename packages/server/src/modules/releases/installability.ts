// Why a build cannot install: pure rules over what the parser stored in the release's metadata
// (appinfo's wire JSON, snake_case) and, for the install pages, the visitor's device.
//
// - The provisioning profile expired (ExpirationDate at or before now): iOS refuses the app.
// - The signing certificate expired: the parser lists the profile's DeveloperCertificates but
//   not which one signed the binary, so this is reported only when every listed certificate
//   has expired (the signing one is among them); one still valid and the build may install.
// - A development or ad-hoc profile installs only on the devices it lists: checked when the
//   page knows the visitor's UDID, else "not checked" (never guessed). Enterprise profiles
//   (ProvisionsAllDevices) and App Store ones have no list.
// - The device's OS version, read from its User-Agent, is below the build's minimum OS.
// Times come from the caller (the injected clock), never from the system.

/** Visitor-independent reasons: the API reports them, and every visitor of the page sees them. */
export type BuildProblem = { kind: 'profile_expired'; expired_at: string } | { kind: 'certificate_expired'; expired_at: string };

/** Reasons that depend on the device that visits. */
export type DeviceProblem =
  | { kind: 'device_not_in_profile'; udid: string }
  | { kind: 'os_too_old'; platform: 'ios' | 'android'; required: string; device: string };

export type InstallProblem = BuildProblem | DeviceProblem;

/**
 * Whether the profile's device list was checked: `listed` / `not_listed` for a known UDID,
 * `not_checked` when the page does not know the visitor's UDID, `all_devices` for a profile
 * without a list (enterprise, App Store), `none` for a build without a profile.
 */
export type DeviceCheck = 'listed' | 'not_listed' | 'not_checked' | 'all_devices' | 'none';

export interface InstallFacts {
  platform: string;
  min_os_version: string | null;
  /** The release's metadata column (JSON text) or its parsed object. */
  metadata: string | Record<string, unknown> | null;
}

/** The visiting device: its OS and version from the User-Agent, and its UDID when the page knows it. */
export interface Visitor {
  os: { name: 'ios' | 'android'; version: string } | null;
  udid: string | null;
}

export interface Installability {
  problems: InstallProblem[];
  deviceCheck: DeviceCheck;
}

interface Profile {
  type: string | null;
  allDevices: boolean;
  expiresAt: string | null;
  devices: string[];
  certificateExpiries: (string | null)[];
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function parsedMetadata(metadata: InstallFacts['metadata']): Record<string, unknown> | null {
  if (typeof metadata !== 'string') return asRecord(metadata);
  try {
    return asRecord(JSON.parse(metadata));
  } catch {
    return null;
  }
}

/** The provisioning profile the parser stored (an ipa's `details.provisioning_profile`), or null. */
function profileOf(metadata: InstallFacts['metadata']): Profile | null {
  const profile = asRecord(asRecord(parsedMetadata(metadata)?.details)?.provisioning_profile);
  if (!profile) return null;
  const devices = Array.isArray(profile.devices) ? profile.devices.filter((udid): udid is string => typeof udid === 'string') : [];
  const certificates = Array.isArray(profile.developer_certificates) ? profile.developer_certificates : [];
  return {
    type: asString(profile.type),
    allDevices: profile.provisions_all_devices === true,
    expiresAt: asString(profile.expires_at),
    devices,
    certificateExpiries: certificates.map((certificate) => asString(asRecord(certificate)?.not_after)),
  };
}

/** Milliseconds of an ISO time, or null when it is not one. */
function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The reasons no device can install this build at `nowMs`: an expired profile or signing certificate. */
export function buildProblems(facts: InstallFacts, nowMs: number): BuildProblem[] {
  const profile = profileOf(facts.metadata);
  if (!profile) return [];
  const problems: BuildProblem[] = [];
  const expires = timeOf(profile.expiresAt);
  if (expires !== null && expires <= nowMs) problems.push({ kind: 'profile_expired', expired_at: new Date(expires).toISOString() });
  const certificateTimes = profile.certificateExpiries.map(timeOf);
  if (certificateTimes.length > 0 && certificateTimes.every((ms) => ms !== null && ms <= nowMs)) {
    const last = Math.max(...(certificateTimes as number[]));
    problems.push({ kind: 'certificate_expired', expired_at: new Date(last).toISOString() });
  }
  return problems;
}

/** Android version of each API level (the build's minimum OS is its minSdkVersion). */
const ANDROID_VERSIONS: Record<number, string> = {
  1: '1.0', 2: '1.1', 3: '1.5', 4: '1.6', 5: '2.0', 6: '2.0.1', 7: '2.1', 8: '2.2', 9: '2.3', 10: '2.3.3', 11: '3.0', 12: '3.1',
  13: '3.2', 14: '4.0', 15: '4.0.3', 16: '4.1', 17: '4.2', 18: '4.3', 19: '4.4', 20: '4.4', 21: '5.0', 22: '5.1', 23: '6.0',
  24: '7.0', 25: '7.1', 26: '8.0', 27: '8.1', 28: '9', 29: '10', 30: '11', 31: '12', 32: '12.1', 33: '13', 34: '14', 35: '15',
  36: '16',
};

/** -1, 0 or 1 as dotted version `a` is below, equal to or above `b` (missing parts are 0). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** The device's OS and version from its User-Agent: `iPhone OS 15_2`, `CPU OS 16_1` (iPad), `Android 11`; else null. */
export function osVersionOf(userAgent: string | undefined): Visitor['os'] {
  const ua = (userAgent ?? '').slice(0, 1024);
  // HarmonyOS NEXT sends no Android version; HarmonyOS 2–4 phones send Android's and run APKs.
  if (/\bOpenHarmony\b|\bArkWeb\//.test(ua)) return null;
  const apple = /\((?:iPhone|iPad|iPod)[^)]*?\b(?:iPhone )?OS (\d{1,3}(?:_\d{1,3}){0,2})\b/.exec(ua);
  if (apple) return { name: 'ios', version: apple[1]!.replace(/_/g, '.') };
  const android = /\bAndroid (\d{1,3}(?:\.\d{1,3}){0,2})\b/.exec(ua);
  if (android) return { name: 'android', version: android[1]! };
  return null;
}

function osProblem(facts: InstallFacts, os: Visitor['os']): DeviceProblem | null {
  const minimum = facts.min_os_version?.trim();
  if (!os || !minimum || os.name !== facts.platform) return null;
  if (os.name === 'ios') {
    if (!/^\d{1,3}(?:\.\d{1,3}){0,2}$/.test(minimum)) return null;
    return compareVersions(os.version, minimum) < 0 ? { kind: 'os_too_old', platform: 'ios', required: minimum, device: os.version } : null;
  }
  const required = /^\d{1,3}$/.test(minimum) ? ANDROID_VERSIONS[Number(minimum)] : undefined;
  if (!required) return null;
  return compareVersions(os.version, required) < 0 ? { kind: 'os_too_old', platform: 'android', required, device: os.version } : null;
}

function deviceCheckOf(profile: Profile | null, udid: string | null): DeviceCheck {
  if (!profile) return 'none';
  if (profile.allDevices || profile.type === 'enterprise' || (profile.type !== 'development' && profile.type !== 'adhoc')) return 'all_devices';
  if (udid === null) return 'not_checked';
  const wanted = udid.toLowerCase();
  return profile.devices.some((listed) => listed.toLowerCase() === wanted) ? 'listed' : 'not_listed';
}

/** Everything that keeps this visitor from installing this build at `nowMs`, and how the device list was checked. */
export function installability(facts: InstallFacts, visitor: Visitor, nowMs: number): Installability {
  const problems: InstallProblem[] = buildProblems(facts, nowMs);
  const deviceCheck = deviceCheckOf(profileOf(facts.metadata), visitor.udid);
  if (deviceCheck === 'not_listed' && visitor.udid !== null) problems.push({ kind: 'device_not_in_profile', udid: visitor.udid });
  const tooOld = osProblem(facts, visitor.os);
  if (tooOld) problems.push(tooOld);
  return { problems, deviceCheck };
}

/** The reasons as one English sentence, for API clients and the install manifest's error. */
export function problemsText(problems: readonly BuildProblem[]): string {
  const parts = problems.map((problem) =>
    problem.kind === 'profile_expired'
      ? `its provisioning profile expired on ${problem.expired_at.slice(0, 10)}`
      : `its signing certificate expired on ${problem.expired_at.slice(0, 10)}`,
  );
  return `This build cannot be installed: ${parts.join(', and ')}. Upload a build signed with a current profile and certificate`;
}
