// UDIDs: the formats Apple uses and the form Tarmac stores.

/**
 * 40 hex digits (devices before 2018), 8-16 hex digits (newer: `00008030-001A2B3C4D5E802E`), or
 * an Intel Mac's hardware UUID (8-4-4-4-12), which is how Apple's portal and macOS profiles
 * list those Macs.
 */
const UDID_PATTERN = /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{8}-[0-9a-fA-F]{16}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

export const UDID_MAX = 40;

export function isUdid(value: string): boolean {
  return UDID_PATTERN.test(value);
}

/**
 * The form stored and shown: Apple's own (the developer portal and provisioning profiles) —
 * old 40-digit UDIDs in lowercase, new ones in uppercase. Undefined for anything else.
 */
export function canonicalUdid(value: string): string | undefined {
  if (!isUdid(value)) return undefined;
  return value.length === 40 ? value.toLowerCase() : value.toUpperCase();
}
