// /teardown: drop any app or debug file to see what Tarmac reads in it, without creating a
// release (nothing is stored). Shows upload progress, then what was read (TeardownResult.tsx).
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSearch, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../api/error-text.ts';
import { teardownFile } from '../../api/teardown.ts';
import type { Progress as UploadProgress, Teardown } from '../../api/teardown.ts';
import { formatBytes } from '../../format.ts';
import { useTitle } from '../../hooks/page.ts';
import { TeardownResult } from './TeardownResult.tsx';

type State =
  | { step: 'idle' }
  | { step: 'uploading'; file: File; progress: UploadProgress }
  | { step: 'done'; file: File; result: Teardown }
  | { step: 'failed'; file: File; message: string };

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
        // Enter or Space opens the file chooser. It stays focusable while disabled (react-dropzone
        // drops its tabindex, which threw the keyboard's focus on <body> while a file was read).
        tabIndex={0}
        aria-disabled={uploading}
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
      {state.step === 'done' && <TeardownResult file={state.file} result={state.result} />}
    </Stack>
  );
}
