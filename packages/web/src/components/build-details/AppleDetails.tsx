// The Apple platforms' sections: an iOS build (its SDK, Xcode, extensions, binary UUIDs), a macOS
// app (its code signature), and the provisioning profile either embeds (or a bare profile
// file): its facts, its devices with the team's names, its entitlements and certificates.
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseMetadata } from '../../api/releases.ts';
import { useDateFormatter } from '../../hooks/page.ts';
import { SectionCard } from '../SectionCard.tsx';
import { BinaryUuids } from './DebugSymbols.tsx';
import { ExpiryBadge, Facts, yesNo } from './Facts.tsx';
import { bool, DEVICE_FAMILIES, obj, objects, str, strings } from './metadata.ts';
import type { Json } from './metadata.ts';
import { badges, KeyValueTable } from './parts.tsx';
import { ProfileDevices } from './ProfileDevices.tsx';

/** The developer certificates a profile embeds: name, serial, expiry and SHA-1. */
function DeveloperCertificates({ certificates }: { certificates: Json[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  if (certificates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('release.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} aria-label={t('release.ios.certificates', { count: certificates.length })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('release.cert.name')}</Table.Th>
            <Table.Th>{t('release.cert.serial')}</Table.Th>
            <Table.Th>{t('release.cert.expires')}</Table.Th>
            <Table.Th>SHA-1</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((certificate, index) => (
            <Table.Tr key={str(certificate.sha1) ?? index}>
              <Table.Td>
                <Text size="sm">{str(certificate.common_name) ?? str(certificate.subject)}</Text>
                {str(certificate.organization) && (
                  <Text size="xs" c="dimmed">
                    {str(certificate.organization)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {str(certificate.serial)}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{formatDate(str(certificate.not_after))}</Text>
                  <ExpiryBadge iso={str(certificate.not_after)} compact />
                </Stack>
              </Table.Td>
              <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
                {str(certificate.sha1)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The provisioning profile of an ipa (or a macOS app that embeds one). */
export function ProfileSections({ profile }: { profile: Json }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const devices = strings(profile.devices);
  const teamIds = strings(profile.team_ids);
  const certificates = objects(profile.developer_certificates);
  const type = str(profile.type);
  return (
    <>
      <SectionCard title={t('release.ios.profile')}>
        <Facts
          facts={[
            [t('release.ios.profile_type'), type && <Badge tt="none" variant="light">{t(`release.ios.profile_types.${type}`, { defaultValue: type })}</Badge>],
            [t('release.ios.profile_name'), str(profile.name)],
            [t('release.ios.team'), str(profile.team_name) && `${str(profile.team_name)}${teamIds.length ? ` (${teamIds.join(', ')})` : ''}`],
            [t('release.ios.app_id'), str(profile.application_identifier)],
            [t('release.ios.app_id_name'), str(profile.app_id_name)],
            [t('release.ios.uuid'), str(profile.uuid) && <Text span ff="monospace" size="sm">{str(profile.uuid)}</Text>],
            [t('release.ios.created'), str(profile.created_at) && formatDate(str(profile.created_at))],
            [
              t('release.ios.expires'),
              str(profile.expires_at) && (
                <Group gap="xs">
                  <span>{formatDate(str(profile.expires_at))}</span>
                  <ExpiryBadge iso={str(profile.expires_at)} />
                </Group>
              ),
            ],
            [t('release.ios.all_devices'), yesNo(t, bool(profile.provisions_all_devices))],
            [t('release.ios.get_task_allow'), yesNo(t, bool(profile.get_task_allow))],
            [t('release.ios.xcode_managed'), yesNo(t, bool(profile.is_xcode_managed) ?? undefined)],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('release.ios.devices', { count: devices.length })}>
        {bool(profile.provisions_all_devices) ? (
          <Text size="sm">{t('release.ios.devices_all')}</Text>
        ) : (
          <ProfileDevices udids={devices} label={t('release.ios.devices', { count: devices.length })} />
        )}
      </SectionCard>
      <SectionCard title={t('release.ios.entitlements')}>
        <KeyValueTable map={obj(profile.entitlements)} label={t('release.ios.entitlements')} />
      </SectionCard>
      <SectionCard title={t('release.ios.certificates', { count: certificates.length })}>
        <DeveloperCertificates certificates={certificates} />
      </SectionCard>
    </>
  );
}

export function IosDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
  const { t } = useTranslation();
  const families = (Array.isArray(details.device_family) ? details.device_family : []).map((n) => DEVICE_FAMILIES[Number(n)] ?? String(n));
  const profile = obj(details.provisioning_profile);
  const extensions = objects(details.extensions);
  const frameworks = objects(details.frameworks);
  return (
    <>
      <SectionCard title={t('release.ios.build')}>
        <Facts
          facts={[
            [t('release.min_os'), metadata.min_os_version],
            [t('release.archs'), badges(metadata.archs)],
            [t('release.ios.device_family'), families.join(', ')],
            [t('release.ios.sdk'), str(details.sdk_name)],
            [t('release.ios.xcode'), str(details.xcode) && `${str(details.xcode)}${str(details.xcode_build) ? ` (${str(details.xcode_build)})` : ''}`],
            [t('release.ios.executable'), str(details.executable)],
            [t('release.ios.encrypted'), yesNo(t, bool(details.encrypted))],
            [t('release.ios.url_schemes'), badges(strings(details.url_schemes))],
            [t('release.ios.background_modes'), badges(strings(details.background_modes))],
            [t('release.ios.extensions'), extensions.map((item) => str(item.name) ?? str(item.bundle_id) ?? '?').join(', ')],
            [t('release.ios.frameworks'), frameworks.map((item) => str(item.name) ?? str(item.file_name) ?? str(item.path) ?? '?').join(', ')],
          ]}
        />
      </SectionCard>
      <BinaryUuids details={details} />
      {profile ? (
        <ProfileSections profile={profile} />
      ) : (
        <SectionCard title={t('release.ios.profile')}>
          <Text size="sm" c="dimmed">
            {t('release.ios.no_profile')}
          </Text>
        </SectionCard>
      )}
    </>
  );
}

export function MacosDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
  const { t } = useTranslation();
  const signing = obj(details.signing);
  const profile = obj(details.provisioning_profile);
  return (
    <>
      <SectionCard title={t('release.macos.title')}>
        <Facts
          facts={[
            [t('release.min_os'), metadata.min_os_version],
            [t('release.archs'), badges(metadata.archs)],
            [t('release.macos.category'), str(details.category)],
            [t('release.macos.signed'), yesNo(t, bool(details.signed))],
            [t('release.macos.identity'), str(signing?.identity)],
            [t('release.macos.team_id'), str(signing?.team_id)],
            [t('release.macos.hardened_runtime'), yesNo(t, bool(signing?.hardened_runtime))],
            [t('release.macos.authorities'), strings(signing?.authorities).join(' → ')],
          ]}
        />
      </SectionCard>
      <BinaryUuids details={details} />
      {profile && <ProfileSections profile={profile} />}
      {!profile && obj(details.entitlements) && (
        <SectionCard title={t('release.ios.entitlements')}>
          <KeyValueTable map={obj(details.entitlements)} label={t('release.ios.entitlements')} />
        </SectionCard>
      )}
    </>
  );
}
