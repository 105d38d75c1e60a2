// What the teardown read in a file, laid out as the build page shows a build: a header (name,
// format, platform), an overview of facts, then the same platform sections (PlatformDetails:
// permissions, entitlements, the profile's devices with the team's names, certificates, binary
// and dSYM UUIDs …) and everything the parser read as JSON, with a copy button.
import { Accordion, ActionIcon, Badge, Code, CopyButton, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPackage } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '../../api/apps.ts';
import type { Teardown } from '../../api/teardown.ts';
import { Facts } from '../../components/build-details/Facts.tsx';
import type { Fact } from '../../components/build-details/Facts.tsx';
import { PlatformDetails } from '../../components/build-details/PlatformDetails.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatBytes } from '../../format.ts';
import { useDateFormatter } from '../../hooks/page.ts';
import { platformName } from '../../platforms.ts';
import { DEVICE_ICONS } from '../apps/DeviceType.tsx';
import { signingOf } from './signing.ts';

/** Platforms whose minimum OS is an API level (Android's minSdkVersion, HarmonyOS's minAPIVersion). */
const API_LEVELS = new Set(['android', 'harmonyos']);

function SigningText({ result }: { result: Teardown }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const signing = signingOf(result);
  switch (signing.kind) {
    case 'profile':
      return (
        <Group gap={6} component="span">
          <span>
            {[signing.type && t(`teardown.profile_types.${signing.type}`, { defaultValue: signing.type }), signing.team].filter(Boolean).join(' · ') ||
              t('teardown.signing.profile')}
          </span>
          {signing.expiresAt && (
            <Badge color={signing.expired ? 'red' : 'teal'} variant="light" size="sm" tt="none">
              {signing.expired ? t('teardown.signing.expired', { date: formatDate(signing.expiresAt) }) : t('teardown.signing.expires', { date: formatDate(signing.expiresAt) })}
            </Badge>
          )}
        </Group>
      );
    case 'apple':
      return <>{[signing.identity, signing.team && t('teardown.signing.team', { team: signing.team })].filter(Boolean).join(' · ') || t('teardown.signing.signed')}</>;
    case 'android':
      return (
        <>
          {t('teardown.signing.schemes', { schemes: signing.schemes.join(', ') || '—' })}
          {signing.subject && ` · ${signing.subject}`}
        </>
      );
    case 'signed':
      return <>{t('teardown.signing.signed')}</>;
    case 'unsigned':
      return <>{t('teardown.signing.unsigned')}</>;
    default:
      return <>{t('teardown.signing.unknown')}</>;
  }
}

/** The overview, as the build page's: what the file is, for which platform and device, and how it is signed. */
function overviewFacts(t: TFunction, file: File, result: Teardown): Fact[] {
  const version =
    result.release_version && result.build_version ? `${result.release_version} (${result.build_version})` : (result.release_version ?? result.build_version);
  const minOs = result.min_os_version == null ? undefined : API_LEVELS.has(result.platform) ? t('teardown.api_level', { level: result.min_os_version }) : result.min_os_version;
  const device = result.device && result.device !== 'unknown' ? t(`teardown.devices.${result.device}`, { defaultValue: result.device }) : undefined;
  return [
    [t('teardown.fields.identifier'), result.bundle_id],
    [t('teardown.fields.version'), version],
    [t('release.platform'), [platformName(result.platform), device].filter(Boolean).join(' · ')],
    [t('teardown.fields.min_os'), minOs],
    [t('teardown.fields.archs'), result.archs?.length ? result.archs.join(', ') : undefined],
    [t('teardown.fields.size'), formatBytes(result.size)],
    [t('release.file_name'), file.name],
    [t('teardown.fields.signing'), <SigningText result={result} />],
  ];
}

function FullJson({ result }: { result: Teardown }) {
  const { t } = useTranslation();
  const json = JSON.stringify(result, null, 2);
  return (
    <Accordion variant="contained">
      <Accordion.Item value="json">
        <Accordion.Control>{t('teardown.full_json')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            <Group justify="flex-end">
              <CopyButton value={json}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
                    <ActionIcon variant="light" onClick={copy} aria-label={t('teardown.copy_json')}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Code block style={{ maxHeight: 480, overflow: 'auto' }}>
              {json}
            </Code>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

export function TeardownResult({ file, result }: { file: File; result: Teardown }) {
  const { t } = useTranslation();
  const Icon = DEVICE_ICONS[result.platform as DeviceType] ?? IconPackage;
  const name = result.display_name ?? result.name;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            <Icon size={28} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ wordBreak: 'break-word' }}>
              {name ?? file.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light" tt="none">
                {t(`teardown.formats.${result.format}`, { defaultValue: result.format })}
              </Badge>
              <Badge variant="light" color="gray" tt="none">
                {platformName(result.platform)}
              </Badge>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {file.name}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Paper>
      <SectionCard title={t('release.overview')}>
        <Facts facts={overviewFacts(t, file, result)} />
      </SectionCard>
      <PlatformDetails metadata={result} />
      <FullJson result={result} />
    </Stack>
  );
}
