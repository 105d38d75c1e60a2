// A provisioning profile on its own (.mobileprovision, .provisionprofile): recognised by
// content — a DER SEQUENCE starting with the pkcs7-signedData OID whose first bytes already
// show the signed property list — and reported with the profile as its details.
import { AppInfoError } from '../../errors.ts';
import { bareInfo } from '../../types.ts';
import type { Device, InfoOf, Platform } from '../../types.ts';
import type { FormatParser } from '../parser.ts';
import type { ProvisioningProfile } from './provisioning.ts';
import { looksLikeProvisioningProfile, MAX_PROFILE_BYTES, parseProvisioningProfile } from './provisioning.ts';

export type MobileProvisionDetails = ProvisioningProfile;
export type MobileProvisionInfo = InfoOf<'mobileprovision', MobileProvisionDetails>;

export const mobileprovisionParser: FormatParser = {
  format: 'mobileprovision',
  container: 'raw',
  match: (ctx) => looksLikeProvisioningProfile(ctx.head),
  async parse(ctx) {
    const { reader } = ctx;
    if (reader.size > MAX_PROFILE_BYTES) {
      throw new AppInfoError('limit_exceeded', `The provisioning profile is ${reader.size} bytes, more than the ${MAX_PROFILE_BYTES} a profile can reasonably hold`);
    }
    const profile = parseProvisioningProfile(await reader.read(0, reader.size));
    // Only macOS is a Platform of its own here; tvOS, watchOS and visionOS profiles are Apple
    // mobile profiles, reported under ios like their apps.
    const platform: Platform = profile.platform === 'macos' ? 'macos' : 'ios';
    const device: Device = 'unknown';
    const info: MobileProvisionInfo = {
      ...bareInfo('mobileprovision', platform, device, reader.size),
      name: profile.name,
      bundleId: profile.bundleId,
      details: profile,
    };
    return { info, loadIcon: () => Promise.resolve(null) };
  },
};
