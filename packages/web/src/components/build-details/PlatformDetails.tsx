// Everything the parser read, by platform, as the build page and the teardown screen show it:
// iOS and macOS (AppleDetails.tsx), Android and HarmonyOS (AndroidDetails.tsx), Windows, debug
// symbols (DebugSymbols.tsx) and a bare provisioning profile; any other format shows its fields as given.
import { useTranslation } from 'react-i18next';
import type { ReleaseMetadata } from '../../api/releases.ts';
import { SectionCard } from '../SectionCard.tsx';
import { AndroidDetails, HarmonyDetails } from './AndroidDetails.tsx';
import { IosDetails, MacosDetails, ProfileSections } from './AppleDetails.tsx';
import { DsymDetails, ProguardDetails } from './DebugSymbols.tsx';
import { Facts, yesNo } from './Facts.tsx';
import { bool, obj, str, strings } from './metadata.ts';
import type { Json } from './metadata.ts';
import { badges } from './parts.tsx';

function WindowsDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('release.windows.title')}>
      <Facts
        facts={[
          // A zipped app folder (windows_app) names its main program; a bare exe has none.
          [t('release.windows.executable'), str(details.executable)],
          [t('release.windows.product'), str(details.product_name)],
          [t('release.windows.company'), str(details.company_name)],
          [t('release.windows.description'), str(details.file_description)],
          [t('release.windows.file_version'), str(details.file_version)],
          [t('release.windows.product_version'), str(details.product_version)],
          [t('release.windows.original_filename'), str(details.original_filename)],
          [t('release.windows.copyright'), str(details.legal_copyright)],
          [t('release.archs'), badges(metadata.archs)],
          [t('release.min_os'), metadata.min_os_version],
          [t('release.windows.signed'), yesNo(t, bool(details.signed))],
          [t('release.windows.packer'), str(details.packer)],
          [t('release.windows.dotnet'), yesNo(t, bool(details.dotnet))],
        ]}
      />
    </SectionCard>
  );
}

/** Any other format: its scalar fields and string lists as the parser names them. */
function GenericDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
  const { t } = useTranslation();
  const facts: [string, string | undefined][] = Object.entries(details).flatMap(([key, value]): [string, string | undefined][] => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [[key, String(value)]];
    const list = strings(value);
    if (list.length > 0 && Array.isArray(value) && list.length === value.length) return [[key, list.join(', ')]];
    return [];
  });
  return (
    <SectionCard title={t('release.details', { format: metadata.format ?? '' })}>
      <Facts facts={[[t('release.min_os'), metadata.min_os_version ?? undefined], [t('release.archs'), (metadata.archs ?? []).join(', ')], ...facts]} />
    </SectionCard>
  );
}

export function PlatformDetails({ metadata }: { metadata: ReleaseMetadata }) {
  const details = obj(metadata.details) ?? {};
  switch (metadata.format) {
    case 'ipa':
      return <IosDetails metadata={metadata} details={details} />;
    case 'apk':
    case 'aab':
      return <AndroidDetails metadata={metadata} details={details} />;
    case 'hap':
    case 'harmony_app':
      return <HarmonyDetails details={details} />;
    case 'macos_app':
      return <MacosDetails metadata={metadata} details={details} />;
    case 'mobileprovision':
      return <ProfileSections profile={details} />;
    case 'dsym':
      return <DsymDetails details={details} bundleId={metadata.bundle_id} />;
    case 'proguard':
      return <ProguardDetails details={details} />;
    case 'exe':
    case 'windows_app':
      return <WindowsDetails metadata={metadata} details={details} />;
    default:
      return metadata.format ? <GenericDetails metadata={metadata} details={details} /> : null;
  }
}
