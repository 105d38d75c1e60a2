// The Profile Service configuration profile a visitor installs to send the device's UDID.
import { createHmac } from 'node:crypto';
import { plistXml } from '@tarmac/appinfo';

/** What the device is asked to send back (Apple's names). */
export const DEVICE_ATTRIBUTES = ['UDID', 'IMEI', 'ICCID', 'VERSION', 'PRODUCT', 'SERIAL', 'DEVICE_NAME'] as const;

export interface ProfileTexts {
  displayName: string;
  description: string;
  organization: string;
}

/** A stable UUID (version 4 layout) derived from the secret and the base URL. */
export function stableUuid(secretKey: string, seed: string): string {
  const hex = createHmac('sha256', secretKey).update(`tarmac-udid-profile\0${seed}`).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = '89ab'[parseInt(hex[16]!, 16) % 4]!;
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`.toUpperCase();
}

/**
 * The Profile Service configuration profile: iOS shows it under Settings, and when the user
 * installs it, posts the signed device attributes (with the challenge) to `retrieveUrl`.
 * Nothing stays installed.
 */
export function buildProfileServiceConfig(options: { retrieveUrl: string; challenge: string; uuid: string; texts: ProfileTexts }): string {
  const host = new URL(options.retrieveUrl).hostname;
  return plistXml({
    PayloadContent: {
      URL: options.retrieveUrl,
      DeviceAttributes: [...DEVICE_ATTRIBUTES],
      Challenge: options.challenge,
    },
    PayloadOrganization: options.texts.organization,
    PayloadDisplayName: options.texts.displayName,
    PayloadDescription: options.texts.description,
    PayloadVersion: 1,
    PayloadUUID: options.uuid,
    PayloadIdentifier: `tarmac.profile-service.${host}`,
    PayloadType: 'Profile Service',
  });
}
