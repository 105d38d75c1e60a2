// Which builds a device can install: those whose provisioning profile lists its UDID, and
// those whose profile provisions every device (enterprise, in-house distribution).

/** How a build's profile covers a device: it lists the UDID, or it provisions all devices. */
export type DeviceCoverage = 'listed' | 'all';

type Profile = { devices?: unknown; provisions_all_devices?: unknown; expires_at?: unknown };
type Metadata = { details?: { provisioning_profile?: Profile | null } | null } | null;

function profileOf(metadata: string): Profile | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return undefined;
  }
  const profile = (parsed as Metadata)?.details?.provisioning_profile;
  return profile && typeof profile === 'object' ? profile : undefined;
}

/**
 * Whether the provisioning profile stored with a release lists the UDID (any case). The
 * metadata is appinfo's wire JSON: `details.provisioning_profile.devices` for an ipa.
 */
export function profileListsDevice(metadata: string, udid: string): boolean {
  const devices = profileOf(metadata)?.devices;
  if (!Array.isArray(devices)) return false;
  const wanted = udid.toLowerCase();
  return devices.some((device) => typeof device === 'string' && device.toLowerCase() === wanted);
}

/**
 * How the release's profile covers the device: 'listed' when it names the UDID, 'all' when it
 * provisions all devices (`provisions_all_devices: true`, an enterprise profile), else null.
 */
export function profileCoverage(metadata: string, udid: string): DeviceCoverage | null {
  if (profileListsDevice(metadata, udid)) return 'listed';
  return profileOf(metadata)?.provisions_all_devices === true ? 'all' : null;
}

/** Whether the release's profile expired before `now` (an ISO time); false when it gives no readable expiry. */
export function profileExpired(metadata: string, now: string): boolean {
  const expiresAt = profileOf(metadata)?.expires_at;
  if (typeof expiresAt !== 'string') return false;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time < Date.parse(now);
}

/** The SQL LIKE pattern that finds candidates for 'all' in the stored JSON (JSON.stringify writes no spaces). */
export const PROVISIONS_ALL_PATTERN = '%"provisions_all_devices":true%';
