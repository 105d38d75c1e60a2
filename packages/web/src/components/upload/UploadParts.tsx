// The pieces of an upload dialog: the drop zone, the chosen file, the progress bar with bytes
// and percent, and the refusal (the server's sentence, or each field's messages once). Their
// sentences come from the dialog's own namespace (channel.upload or debug_files.upload).
import { Alert, Group, List, Loader, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, UploadProgress } from '../../api/client.ts';
import { errorText, fieldError } from '../../api/error-text.ts';
import { formatBytes } from '../../format.ts';
import type { UploadPhase } from './useUpload.ts';

/** Where a dialog's sentences live: each namespace has the same keys (drop_here, progress, refused …). */
export type UploadTexts = 'channel.upload' | 'debug_files.upload' | 'backups.restore.upload';

interface DropzoneProps {
  texts: UploadTexts;
  formats: string;
  /** File name endings the file picker offers (its accept attribute); any file when left out. */
  accept?: readonly string[] | undefined;
  onFile: (file: File | null) => void;
}

export function UploadDropzone({ texts, formats, accept, onFile }: DropzoneProps) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => onFile(files[0] ?? null)}
      multiple={false}
      maxFiles={1}
      aria-label={t(`${texts}.dropzone_label`)}
      // The dialog opens with the focus here, its one field; Enter or Space opens the file chooser.
      data-autofocus
      inputProps={accept ? { accept: accept.join(',') } : undefined}
    >
      <Group justify="center" gap="md" mih={105} style={{ pointerEvents: 'none' }} wrap="nowrap">
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
            {t(`${texts}.drop_here`)}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {formats}
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}

/** The file chosen: its name and size. */
export function ChosenFile({ file, icon }: { file: File; icon: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" size="lg">
        {icon}
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
  );
}

interface ProgressProps {
  texts: UploadTexts;
  phase: UploadPhase;
  progress: UploadProgress;
  fileSize: number;
}

export function UploadProgressBar({ texts, phase, progress, fileSize }: ProgressProps) {
  const { t } = useTranslation();
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  // The body is the file plus a little multipart framing: show the file's bytes.
  const fileBytes = progress.total > 0 ? Math.min(fileSize, Math.round((progress.loaded / progress.total) * fileSize)) : 0;
  return (
    <Stack gap={6}>
      <Progress value={percent} size="lg" animated={phase === 'uploading'} aria-label={t(`${texts}.progress_label`)} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" role="status">
          {t(`${texts}.progress`, { loaded: formatBytes(fileBytes), total: formatBytes(fileSize), percent })}
        </Text>
        {phase === 'processing' && (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t(`${texts}.processing`)}
            </Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

export function UploadError({ texts, error }: { texts: UploadTexts; error: ApiError }) {
  const { t } = useTranslation();
  const details = error.details ? Object.keys(error.details) : [];
  const color = error.status === 0 && !details.length ? 'yellow' : 'red';
  return (
    <Alert color={color} icon={<IconAlertTriangle />} title={error.status ? t(`${texts}.refused`) : undefined} role="alert">
      {details.length === 0 ? (
        <Text size="sm">{errorText(error)}</Text>
      ) : (
        // The summary repeats these: show each field's sentences once.
        <List size="sm" spacing={2}>
          {details.map((field) => (
            <List.Item key={field}>
              <Text span fw={600} size="sm">
                {field}
              </Text>{' '}
              {fieldError(error, field)}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
