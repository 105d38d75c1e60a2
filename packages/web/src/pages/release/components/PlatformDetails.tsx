// Everything the parser read, by platform: iOS (build, provisioning profile, devices,
// entitlements, certificates), Android (SDK levels, ABIs, permissions, features, components,
// signatures), HarmonyOS, macOS and Windows; any other format shows its fields as given.
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseMetadata } from '../../../api/releases.ts';
import { useDateFormatter } from '../../../hooks/page.ts';
import { androidVersion, bool, DEVICE_FAMILIES, num, obj, objects, showValue, str, strings } from '../metadata.ts';
import type { Json } from '../metadata.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { ExpiryBadge, Facts, StringList, yesNo } from './Facts.tsx';

/** Badges for a list, or undefined for an empty one (so Facts leaves the row out). */
function badges(items: string[] | undefined, color = 'gray') {
  if (!items || items.length === 0) return undefined;
  return (
    <Group gap={4}>
      {items.map((item) => (
        <Badge key={item} variant="light" color={color} tt="none">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

function KeyValueTable({ map, label }: { map: Json | undefined; label: string }) {
  const { t } = useTranslation();
  const entries = Object.entries(map ?? {});
  if (entries.length === 0) return <Text size="sm" c="dimmed">{t('release.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table withRowBorders verticalSpacing={4} aria-label={label}>
        <Table.Tbody>
          {entries.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                {key}
              </Table.Td>
              <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                {showValue(value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The provisioning profile of an ipa (or a macOS app that embeds one). */
function ProfileSections({ profile }: { profile: Json }) {
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
          <StringList items={devices} label={t('release.ios.devices', { count: devices.length })} monospace />
        )}
      </SectionCard>
      <SectionCard title={t('release.ios.entitlements')}>
        <KeyValueTable map={obj(profile.entitlements)} label={t('release.ios.entitlements')} />
      </SectionCard>
      <SectionCard title={t('release.ios.certificates', { count: certificates.length })}>
        {certificates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('release.none')}
          </Text>
        ) : (
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
        )}
      </SectionCard>
    </>
  );
}

function IosDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
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

function AndroidDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const sdk = (level: number | undefined) => (level === undefined ? undefined : androidVersion(level) ? t('release.android.api_level', { level, version: androidVersion(level) }) : String(level));
  const signing = obj(details.signing);
  const certificates = objects(signing?.certificates);
  const abis = strings(details.native_abis);
  const features = objects(details.features).map((feature) => `${str(feature.name) ?? '?'}${bool(feature.required) === false ? ` (${t('release.android.optional')})` : ''}`);
  const deepLinks = objects(details.deep_links).flatMap((link) => {
    const hosts = strings(link.hosts);
    return strings(link.schemes).flatMap((scheme) => (hosts.length ? hosts.map((host) => `${scheme}://${host}`) : [`${scheme}://`]));
  });
  const count = (value: unknown) => (Array.isArray(value) ? value.length : undefined);
  return (
    <>
      <SectionCard title={t('release.android.sdk')}>
        <Facts
          facts={[
            [t('release.android.package'), str(details.package_name)],
            [t('release.android.min_sdk'), sdk(num(details.min_sdk))],
            [t('release.android.target_sdk'), sdk(num(details.target_sdk))],
            [t('release.android.compile_sdk'), sdk(num(details.compile_sdk))],
            [t('release.android.max_sdk'), sdk(num(details.max_sdk))],
            [t('release.android.abis'), badges(abis) ?? t('release.android.no_native')],
            [t('release.android.debuggable'), yesNo(t, bool(details.debuggable))],
            [t('release.android.test_only'), yesNo(t, bool(details.test_only))],
            [t('release.android.launcher'), str(details.launcher_activity)],
            [t('release.android.components'), t('release.android.component_counts', {
              activities: count(details.activities) ?? 0,
              services: count(details.services) ?? 0,
              receivers: count(details.receivers) ?? 0,
              providers: count(details.providers) ?? 0,
            })],
            [t('release.android.deep_links'), badges(deepLinks)],
            [t('release.archs'), badges(metadata.archs)],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('release.android.permissions', { count: strings(details.permissions).length })}>
        <StringList items={strings(details.permissions)} label={t('release.android.permissions', { count: strings(details.permissions).length })} monospace />
      </SectionCard>
      <SectionCard title={t('release.android.features', { count: features.length })}>
        <StringList items={features} label={t('release.android.features', { count: features.length })} monospace />
      </SectionCard>
      <SectionCard title={t('release.android.signatures')}>
        {signing ? (
          <Stack gap="sm">
            <Facts
              facts={[
                [t('release.android.schemes'), badges(strings(signing.schemes), 'blue') ?? t('release.android.unsigned')],
                [t('release.android.v1_files'), strings(signing.v1_files).join(', ')],
              ]}
            />
            {certificates.map((certificate, index) => (
              <Facts
                key={str(certificate.sha256) ?? index}
                facts={[
                  [t('release.cert.subject'), str(certificate.subject)],
                  [t('release.cert.issuer'), str(certificate.issuer)],
                  [t('release.cert.serial'), str(certificate.serial_number) && <Text span ff="monospace" size="sm">{str(certificate.serial_number)}</Text>],
                  [t('release.cert.valid_from'), str(certificate.not_before) && formatDate(str(certificate.not_before))],
                  [
                    t('release.cert.expires'),
                    str(certificate.not_after) && (
                      <Group gap="xs">
                        <span>{formatDate(str(certificate.not_after))}</span>
                        <ExpiryBadge iso={str(certificate.not_after)} />
                      </Group>
                    ),
                  ],
                  [t('release.cert.key'), str(certificate.key_algorithm) && `${str(certificate.key_algorithm)}${num(certificate.key_size) ? ` ${num(certificate.key_size)}` : ''}`],
                  ['SHA-256', str(certificate.sha256) && <Text span ff="monospace" size="xs">{str(certificate.sha256)}</Text>],
                  ['SHA-1', str(certificate.sha1) && <Text span ff="monospace" size="xs">{str(certificate.sha1)}</Text>],
                ]}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('release.android.unsigned')}
          </Text>
        )}
      </SectionCard>
    </>
  );
}

function HarmonyDetails({ details }: { details: Json }) {
  const { t } = useTranslation();
  const module = obj(details.module);
  const abilities = objects(module?.abilities).map((ability) => str(ability.name) ?? '?');
  const permissions = strings(module?.request_permissions);
  return (
    <>
      <SectionCard title={t('release.harmony.title')}>
        <Facts
          facts={[
            [t('release.harmony.bundle_name'), str(details.bundle_name)],
            [t('release.harmony.bundle_type'), str(details.bundle_type)],
            [t('release.harmony.vendor'), str(details.vendor)],
            [t('release.harmony.min_api'), num(details.min_api_version) !== undefined && `${num(details.min_api_version)}${str(details.min_os_release) ? ` (HarmonyOS ${str(details.min_os_release)})` : ''}`],
            [t('release.harmony.target_api'), str(details.target_api_version)],
            [t('release.harmony.compile_sdk'), str(details.compile_sdk_version) && `${str(details.compile_sdk_type) ?? ''} ${str(details.compile_sdk_version)}`.trim()],
            [t('release.harmony.release_type'), str(details.api_release_type)],
            [t('release.harmony.debug'), yesNo(t, bool(details.debug))],
            [t('release.harmony.device_types'), badges(strings(details.device_types))],
            [t('release.harmony.module'), module && `${str(module.name) ?? '?'}${str(module.type) ? ` (${str(module.type)})` : ''}`],
            [t('release.harmony.abilities'), badges(abilities)],
          ]}
        />
      </SectionCard>
      <SectionCard title={t('release.android.permissions', { count: permissions.length })}>
        <StringList items={permissions} label={t('release.android.permissions', { count: permissions.length })} monospace />
      </SectionCard>
    </>
  );
}

function MacosDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
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
      {profile && <ProfileSections profile={profile} />}
      {!profile && obj(details.entitlements) && (
        <SectionCard title={t('release.ios.entitlements')}>
          <KeyValueTable map={obj(details.entitlements)} label={t('release.ios.entitlements')} />
        </SectionCard>
      )}
    </>
  );
}

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
    case 'exe':
    case 'windows_app':
      return <WindowsDetails metadata={metadata} details={details} />;
    default:
      return metadata.format ? <GenericDetails metadata={metadata} details={details} /> : null;
  }
}
