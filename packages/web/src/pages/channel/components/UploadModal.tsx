// Upload a build to the channel: drop a file or pick one, add optional details, and watch the
// bytes go (a real progress bar from XMLHttpRequest). Cancel stops the transfer; a refused file
// shows the server's sentence and its field details; success opens the new release.
import { Alert, Autocomplete, Button, Group, List, Loader, Modal, Progress, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconFileUpload, IconPackage, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appKeys } from '../../../api/apps.ts';
import { ApiError } from '../../../api/client.ts';
import type { ChannelDetail } from '../../../api/channels.ts';
import { releaseKeys, uploadRelease, useReleaseFacets } from '../../../api/releases.ts';
import type { UploadHandle, UploadProgress } from '../../../api/releases.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { formatBytes } from '../../../format.ts';

type Phase = 'idle' | 'uploading' | 'processing';

const COMMON_TYPES = ['debug', 'beta', 'adhoc', 'release', 'enterprise', 'inhouse'];

interface Props {
  opened: boolean;
  onClose: () => void;
  channel: ChannelDetail;
  channelKey: string;
}

export function UploadModal({ opened, onClose, channel, channelKey }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const facets = useReleaseFacets(channel.id);
  const [file, setFile] = useState<File | null>(null);
  const [changelog, setChangelog] = useState('');
  const [releaseType, setReleaseType] = useState('');
  const [branch, setBranch] = useState('');
  const [commit, setCommit] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress>({ loaded: 0, total: 0 });
  const [error, setError] = useState<ApiError | null>(null);
  const handle = useRef<UploadHandle | null>(null);

  // Leaving the screen mid-upload stops the transfer.
  useEffect(() => () => handle.current?.abort(), []);

  function reset() {
    setFile(null);
    setChangelog('');
    setReleaseType('');
    setBranch('');
    setCommit('');
    setPhase('idle');
    setProgress({ loaded: 0, total: 0 });
    setError(null);
  }

  function close() {
    if (phase !== 'idle') return;
    reset();
    onClose();
  }

  function cancel() {
    handle.current?.abort();
  }

  async function start() {
    if (!file) return;
    setError(null);
    setPhase('uploading');
    setProgress({ loaded: 0, total: file.size });
    const upload = uploadRelease(
      file,
      { channel_key: channelKey, changelog, release_type: releaseType, branch, git_commit: commit },
      (next) => {
        setProgress(next);
        if (next.total > 0 && next.loaded >= next.total) setPhase('processing');
      },
      t('channel.upload.connection_lost'),
    );
    handle.current = upload;
    try {
      const release = await upload.promise;
      handle.current = null;
      await queryClient.invalidateQueries({ queryKey: releaseKeys.channel(channel.id) });
      void queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t('channel.upload.done', { version: release.version }));
      reset();
      onClose();
      void navigate(`/apps/${channel.app.id}/channels/${channel.id}/releases/${release.id}`);
    } catch (caught) {
      handle.current = null;
      setPhase('idle');
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setProgress({ loaded: 0, total: 0 });
        setError(new ApiError(0, t('channel.upload.cancelled')));
        return;
      }
      setError(caught instanceof ApiError ? caught : new ApiError(0, caught instanceof Error ? caught.message : String(caught)));
    }
  }

  const busy = phase !== 'idle';
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  // The body is the file plus a little multipart framing: show the file's bytes.
  const fileBytes = file && progress.total > 0 ? Math.min(file.size, Math.round((progress.loaded / progress.total) * file.size)) : 0;
  const details = error?.details ? Object.entries(error.details) : [];
  const typeOptions = [...new Set([...(facets.data?.release_types.map((facet) => facet.name) ?? []), ...COMMON_TYPES])];
  const branchOptions = facets.data?.branches.map((facet) => facet.name) ?? [];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('channel.upload.title', { channel: channel.name })}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      fullScreen={false}
    >
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
              aria-label={t('channel.upload.dropzone_label')}
              data-testid="upload-dropzone"
            >
              <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
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
                    {t('channel.upload.drop_here')}
                  </Text>
                  <Text size="sm" c="dimmed" mt={4}>
                    {t('channel.upload.formats', { device: t(`apps.device.${channel.device_type}`) })}
                  </Text>
                </div>
              </Group>
            </Dropzone>
          )}

          {file && (
            <Group gap="sm" wrap="nowrap" data-testid="upload-file">
              <ThemeIcon variant="light" size="lg">
                <IconPackage size={20} />
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
              <Progress value={percent} size="lg" animated={phase === 'uploading'} aria-label={t('channel.upload.progress_label')} data-testid="upload-progress" />
              <Group justify="space-between" gap="xs">
                <Text size="sm" data-testid="upload-progress-text">
                  {t('channel.upload.progress', { loaded: formatBytes(fileBytes), total: formatBytes(file?.size ?? 0), percent })}
                </Text>
                {phase === 'processing' && (
                  <Group gap={6}>
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      {t('channel.upload.processing')}
                    </Text>
                  </Group>
                )}
              </Group>
            </Stack>
          )}

          {error && (
            <Alert color={error.status === 0 && !details.length ? 'yellow' : 'red'} icon={<IconAlertTriangle />} title={error.status ? t('channel.upload.refused') : undefined} role="alert" data-testid="upload-error">
              {details.length === 0 ? (
                <Text size="sm">{error.message}</Text>
              ) : (
                // The summary repeats these: show each field's sentences once.
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
            </Alert>
          )}

          <Textarea
            label={t('channel.upload.changelog')}
            description={t('channel.upload.changelog_hint')}
            value={changelog}
            onChange={(event) => setChangelog(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            disabled={busy}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Autocomplete label={t('channel.upload.release_type')} data={typeOptions} value={releaseType} onChange={setReleaseType} disabled={busy} maxLength={64} miw={160} />
            <Autocomplete label={t('channel.upload.branch')} data={branchOptions} value={branch} onChange={setBranch} disabled={busy} maxLength={255} miw={160} />
            <TextInput label={t('channel.upload.commit')} value={commit} onChange={(event) => setCommit(event.currentTarget.value)} disabled={busy} maxLength={255} miw={160} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
          </Group>

          <Group justify="flex-end">
            {busy ? (
              // Once every byte is sent the server is storing the build: too late to cancel.
              phase === 'uploading' && (
                <Button color="red" variant="light" onClick={cancel} data-testid="cancel-upload">
                  {t('channel.upload.cancel')}
                </Button>
              )
            ) : (
              <>
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!file} leftSection={<IconUpload size={16} />} data-testid="start-upload">
                  {t('channel.upload.start')}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
