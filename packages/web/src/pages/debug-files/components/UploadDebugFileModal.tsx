// Upload a dSYM or Proguard zip: drop it or pick it, choose the channel whose key files it
// (iOS or macOS for a dSYM, Android for a mapping), give the versions when the file does not
// carry them, and watch the bytes go (XMLHttpRequest progress). A UUID the app already has is
// refused with the server's sentence and a button to keep both; success opens the new file.
import { Alert, Button, Group, List, Loader, Modal, Progress, Select, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconBug, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppDetail, Channel } from '../../../api/apps.ts';
import { ApiError } from '../../../api/client.ts';
import { debugFileKeys, uploadDebugFile } from '../../../api/debugFiles.ts';
import type { DebugFileUploadHandle, DebugFileUploadProgress } from '../../../api/debugFiles.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { formatBytes } from '../../../format.ts';

type Phase = 'idle' | 'uploading' | 'processing';

interface Props {
  opened: boolean;
  onClose: () => void;
  app: AppDetail;
  /** Channels whose key the caller may use, with their scheme's name. */
  channels: (Channel & { scheme: string })[];
}

export function UploadDebugFileModal({ opened, onClose, app, channels }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [channelId, setChannelId] = useState<string | null>(channels[0] ? String(channels[0].id) : null);
  const [releaseVersion, setReleaseVersion] = useState('');
  const [buildVersion, setBuildVersion] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<DebugFileUploadProgress>({ loaded: 0, total: 0 });
  const [error, setError] = useState<ApiError | null>(null);
  const handle = useRef<DebugFileUploadHandle | null>(null);

  // Leaving the screen mid-upload stops the transfer.
  useEffect(() => () => handle.current?.abort(), []);
  // Another app's channels: pick its first.
  useEffect(() => {
    if (!channels.some((channel) => String(channel.id) === channelId)) setChannelId(channels[0] ? String(channels[0].id) : null);
  }, [channels]);

  const channel = channels.find((candidate) => String(candidate.id) === channelId);

  function reset() {
    setFile(null);
    setReleaseVersion('');
    setBuildVersion('');
    setPhase('idle');
    setProgress({ loaded: 0, total: 0 });
    setError(null);
  }

  function close() {
    if (phase !== 'idle') return;
    reset();
    onClose();
  }

  async function start() {
    if (!file || !channel?.key) return;
    setError(null);
    setPhase('uploading');
    setProgress({ loaded: 0, total: file.size });
    const upload = uploadDebugFile(
      file,
      { channel_key: channel.key, release_version: releaseVersion, build_version: buildVersion },
      (next) => {
        setProgress(next);
        if (next.total > 0 && next.loaded >= next.total) setPhase('processing');
      },
      t('debug_files.upload.connection_lost'),
    );
    handle.current = upload;
    try {
      const created = await upload.promise;
      handle.current = null;
      await queryClient.invalidateQueries({ queryKey: debugFileKeys.all });
      notifySuccess(t('debug_files.upload.done', { name: created.name ?? created.file_name }));
      reset();
      onClose();
      void navigate(`/debug-files/${created.id}`);
    } catch (caught) {
      handle.current = null;
      setPhase('idle');
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setProgress({ loaded: 0, total: 0 });
        setError(new ApiError(0, t('debug_files.upload.cancelled')));
        return;
      }
      setError(caught instanceof ApiError ? caught : new ApiError(0, caught instanceof Error ? caught.message : String(caught)));
    }
  }

  const busy = phase !== 'idle';
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  const fileBytes = file && progress.total > 0 ? Math.min(file.size, Math.round((progress.loaded / progress.total) * file.size)) : 0;
  const details = error?.details ? Object.entries(error.details) : [];

  return (
    <Modal opened={opened} onClose={close} title={t('debug_files.upload.title', { app: app.name })} size="lg" closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <Stack gap="md">
          {!busy && (
            <Dropzone
              onDrop={(files) => {
                setFile(files[0] ?? null);
                setError(null);
              }}
              multiple={false}
              maxFiles={1}
              aria-label={t('debug_files.upload.dropzone_label')}
              data-testid="debug-upload-dropzone"
            >
              <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }} wrap="nowrap">
                <Dropzone.Accept>
                  <IconFileUpload size={40} stroke={1.5} />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} stroke={1.5} />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconUpload size={40} stroke={1.5} />
                </Dropzone.Idle>
                <div>
                  <Text size="md" fw={500}>
                    {t('debug_files.upload.drop_here')}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t('debug_files.upload.formats')}
                  </Text>
                </div>
              </Group>
            </Dropzone>
          )}

          {file && (
            <Group gap="sm" wrap="nowrap" data-testid="debug-upload-file">
              <ThemeIcon variant="light" size="lg">
                <IconBug size={20} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={500} truncate>
                  {file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </div>
            </Group>
          )}

          {busy && (
            <Stack gap={6}>
              <Progress value={percent} size="lg" animated={phase === 'uploading'} aria-label={t('debug_files.upload.progress_label')} data-testid="debug-upload-progress" />
              <Group justify="space-between" gap="xs">
                <Text size="sm" data-testid="debug-upload-progress-text">
                  {t('debug_files.upload.progress', { loaded: formatBytes(fileBytes), total: formatBytes(file?.size ?? 0), percent })}
                </Text>
                {phase === 'processing' && (
                  <Group gap={6}>
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      {t('debug_files.upload.processing')}
                    </Text>
                  </Group>
                )}
              </Group>
            </Stack>
          )}

          {error && (
            <Alert
              color={error.status === 0 && !details.length ? 'yellow' : 'red'}
              icon={<IconAlertTriangle />}
              title={error.status ? t('debug_files.upload.refused') : undefined}
              role="alert"
              data-testid="debug-upload-error"
            >
              <Stack gap="xs">
                {details.length === 0 ? (
                  <Text size="sm">{error.message}</Text>
                ) : (
                  <List size="sm" spacing={2}>
                    {details.flatMap(([field, messages]) =>
                      messages.map((message) => (
                        <List.Item key={`${field}:${message}`}>
                          <Text span fw={600} size="sm">
                            {field}
                          </Text>{' '}
                          {message}
                        </List.Item>
                      )),
                    )}
                  </List>
                )}
              </Stack>
            </Alert>
          )}

          <Select
            label={t('debug_files.upload.channel')}
            description={t('debug_files.upload.channel_hint')}
            data={channels.map((candidate) => ({
              value: String(candidate.id),
              label: `${candidate.scheme} · ${candidate.name} (${t(`apps.device.${candidate.device_type}`)})`,
            }))}
            value={channelId}
            onChange={setChannelId}
            allowDeselect={false}
            disabled={busy}
            required
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('debug_files.upload.release_version')}
              description={t('debug_files.upload.versions_hint')}
              value={releaseVersion}
              onChange={(event) => setReleaseVersion(event.currentTarget.value)}
              disabled={busy}
              maxLength={255}
              miw={180}
            />
            <TextInput
              label={t('debug_files.upload.build_version')}
              description={t('debug_files.upload.build_hint')}
              value={buildVersion}
              onChange={(event) => setBuildVersion(event.currentTarget.value)}
              disabled={busy}
              maxLength={255}
              miw={180}
            />
          </Group>

          <Group justify="flex-end">
            {busy ? (
              phase === 'uploading' && (
                <Button color="red" variant="light" onClick={() => handle.current?.abort()} data-testid="debug-upload-cancel">
                  {t('debug_files.upload.cancel')}
                </Button>
              )
            ) : (
              <>
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!file || !channel} leftSection={<IconUpload size={16} />} data-testid="debug-upload-start">
                  {t('debug_files.upload.start')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
