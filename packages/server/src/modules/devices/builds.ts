// Which builds a device can install.

/**
 * Whether the provisioning profile stored with a release lists the UDID (any case). The
 * metadata is appinfo's wire JSON: `details.provisioning_profile.devices` for an ipa.
 */
export function profileListsDevice(metadata: string, udid: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return false;
  }
  type Metadata = { details?: { provisioning_profile?: { devices?: unknown } | null } | null } | null;
  const devices = (parsed as Metadata)?.details?.provisioning_profile?.devices;
  if (!Array.isArray(devices)) return false;
  const wanted = udid.toLowerCase();
  return devices.some((device) => typeof device === 'string' && device.toLowerCase() === wanted);
}
