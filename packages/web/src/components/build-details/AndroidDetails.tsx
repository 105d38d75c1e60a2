// Android and HarmonyOS sections: SDK levels, ABIs, permissions, features, components and
// signatures of an apk or aab; the module, abilities and permissions of a hap or HarmonyOS app.
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseMetadata } from '../../api/releases.ts';
import { useDateFormatter } from '../../hooks/page.ts';
import { SectionCard } from '../SectionCard.tsx';
import { ExpiryBadge, Facts, StringList, yesNo } from './Facts.tsx';
import { androidVersion, bool, num, obj, objects, str, strings } from './metadata.ts';
import type { Json } from './metadata.ts';
import { badges } from './parts.tsx';

export function AndroidDetails({ metadata, details }: { metadata: ReleaseMetadata; details: Json }) {
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

export function HarmonyDetails({ details }: { details: Json }) {
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
