// /teardown: drop any app or debug file to see what Tarmac reads in it, without creating a
// release (nothing is stored). Shows upload progress, then a summary and the full JSON.
import { Accordion, ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCheck, IconCopy, IconFileSearch, IconPackage, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import type { DeviceType } from '../../api/apps.ts';
import { teardownFile } from '../../api/teardown.ts';
import type { Progress as UploadProgress, Teardown } from '../../api/teardown.ts';
import { formatBytes } from '../../format.ts';
import { useDateFormatter, useTitle } from '../../hooks/page.ts';
import { DEVICE_ICONS } from '../apps/DeviceType.tsx';
import { signingOf } from './signing.ts';

/** Platforms whose minimum OS is an API level (Android's minSdkVersion, HarmonyOS's minAPIVersion). */
const API_LEVELS = new Set(['android', 'harmonyos']);

type State =
  | { step: 'idle' }
  | { step: 'uploading'; file: File; progress: UploadProgress }
  | { step: 'done'; file: File; result: Teardown }
  | { step: 'failed'; file: File; message: string };

/** A label over its value: a group named by the label, so a screen reader (and a test) finds the value by it. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

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
            <Badge color={signing.expired ? 'red' : 'teal'} variant="light" size="sm">
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

function Summary({ file, result }: { file: File; result: Teardown }) {
  const { t } = useTranslation();
  const Icon = DEVICE_ICONS[result.platform as DeviceType] ?? IconPackage;
  const name = result.display_name ?? result.name;
  const versionText =
    result.release_version && result.build_version ? `${result.release_version} (${result.build_version})` : (result.release_version ?? result.build_version ?? '—');
  const json = JSON.stringify(result, null, 2);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack>
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light">
              <Icon size={28} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} style={{ wordBreak: 'break-word' }}>
                {name ?? file.name}
              </Title>
              <Group gap={6}>
                <Badge variant="light">{t(`teardown.formats.${result.format}`, { defaultValue: result.format })}</Badge>
                <Badge variant="light" color="gray">
                  {t(`teardown.platforms.${result.platform}`, { defaultValue: result.platform })}
                </Badge>
                <Text size="xs" c="dimmed">
                  {file.name}
                </Text>
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <Field label={t('teardown.fields.identifier')}>
              {result.bundle_id ?? '—'}
            </Field>
            <Field label={t('teardown.fields.version')}>{versionText}</Field>
            <Field label={t('teardown.fields.size')}>{formatBytes(result.size)}</Field>
            <Field label={t('teardown.fields.min_os')}>
              {result.min_os_version == null
                ? '—'
                : API_LEVELS.has(result.platform)
                  ? t('teardown.api_level', { level: result.min_os_version })
                  : result.min_os_version}
            </Field>
            <Field label={t('teardown.fields.archs')}>{result.archs?.length ? result.archs.join(', ') : '—'}</Field>
            <Field label={t('teardown.fields.device')}>
              {result.device ? t(`teardown.devices.${result.device}`, { defaultValue: result.device }) : '—'}
            </Field>
          </SimpleGrid>
          <Field label={t('teardown.fields.signing')}>
            <SigningText result={result} />
          </Field>
        </Stack>
      </Paper>
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
    </Stack>
  );
}

export default function TeardownPage() {
  const { t } = useTranslation();
  useTitle(t('teardown.title'));
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function inspect(file: File) {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'uploading', file, progress: { loaded: 0, total: file.size } });
    try {
      const result = await teardownFile(file, (progress) => setState({ step: 'uploading', file, progress }), controller.signal);
      setState({ step: 'done', file, result });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setState({ step: 'idle' });
        return;
      }
      const offline = error instanceof ApiError && error.status === 0;
      const message = offline ? t('teardown.network_error') : errorText(error);
      setState({ step: 'failed', file, message });
    } finally {
      abort.current = null;
    }
  }

  const uploading = state.step === 'uploading';
  const progress = uploading ? state.progress : { loaded: 0, total: 0 };
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">{t('teardown.title')}</Title>
        <Text c="dimmed">{t('teardown.subtitle')}</Text>
      </div>
      <Dropzone
        onDrop={(files) => files[0] && void inspect(files[0])}
        multiple={false}
        disabled={uploading}
        aria-label={t('teardown.drop_label')}
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={48} stroke={1.5} style={{ flexShrink: 0 }} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={48} stroke={1.5} style={{ flexShrink: 0 }} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSearch size={48} stroke={1.5} style={{ flexShrink: 0 }} />
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text size="lg">{t('teardown.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('teardown.formats_hint')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {uploading && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {state.file.name}
              </Text>
              <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
                {t('common.cancel')}
              </Button>
            </Group>
            <Progress value={percent} animated={percent >= 100} aria-label={t('teardown.progress_label')} />
            <Text size="xs" c="dimmed">
              {percent >= 100
                ? t('teardown.reading')
                : t('teardown.progress', { loaded: formatBytes(state.progress.loaded), total: formatBytes(state.progress.total), percent })}
            </Text>
          </Stack>
        </Paper>
      )}
      {state.step === 'failed' && (
        <Alert color="red" role="alert" title={t('teardown.failed', { name: state.file.name })} withCloseButton onClose={() => setState({ step: 'idle' })}>
          {state.message}
        </Alert>
      )}
      {state.step === 'done' && <Summary file={state.file} result={state.result} />}
    </Stack>
  );
}
