// One upload dialog for builds and debug files: drop a file or pick one, fill the caller's own
// fields, and watch the bytes go (a real progress bar from XMLHttpRequest). Cancel stops the
// transfer; a refused file shows the server's sentence and its field details; the dialog cannot
// be closed while bytes are going. Each use gives only what differs: its sentences, its fields,
// how to send, and what to do with the answer.
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFile, UploadDropzone, UploadError, UploadProgressBar } from './UploadParts.tsx';
import type { UploadTexts } from './UploadParts.tsx';
import { useUpload } from './useUpload.ts';
import type { SendUpload } from './useUpload.ts';

interface Props<T> {
  opened: boolean;
  onClose: () => void;
  title: string;
  texts: UploadTexts;
  /** What the drop zone says it takes. */
  formats: string;
  fileIcon: ReactNode;
  /** The caller's fields, disabled while `busy`. */
  children: (busy: boolean) => ReactNode;
  /** False while a field the upload needs is missing (the file is checked here). */
  ready?: boolean;
  send: SendUpload<T>;
  /** After a successful upload, before the dialog closes: refresh, notify, navigate. */
  onUploaded: (result: T) => Promise<void>;
  /** Clears the caller's fields when the dialog closes. */
  onReset?: () => void;
}

export function UploadDialog<T>(props: Props<T>) {
  const { opened, onClose, title, texts, formats, fileIcon, children, ready = true, send, onUploaded, onReset } = props;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUpload<T>(t(`${texts}.cancelled`));
  const { busy, phase } = upload;

  function reset() {
    setFile(null);
    upload.reset();
    onReset?.();
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  async function start() {
    if (!file || !ready) return;
    const result = await upload.send(file, send);
    if (result === undefined) return;
    await onUploaded(result);
    reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <Stack gap="md">
          {!busy && (
            <UploadDropzone
              texts={texts}
              formats={formats}
              onFile={(chosen) => {
                setFile(chosen);
                upload.setError(null);
              }}
            />
          )}
          {file && <ChosenFile file={file} icon={fileIcon} />}
          {busy && <UploadProgressBar texts={texts} phase={phase} progress={upload.progress} fileSize={file?.size ?? 0} />}
          {upload.error && <UploadError texts={texts} error={upload.error} />}
          {children(busy)}
          <Group justify="flex-end">
            {busy ? (
              // Once every byte is sent the server is storing the file: too late to cancel.
              phase === 'uploading' && (
                <Button color="red" variant="light" onClick={upload.cancel}>
                  {t(`${texts}.cancel`)}
                </Button>
              )
            ) : (
              <>
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!file || !ready} leftSection={<IconUpload size={16} />}>
                  {t(`${texts}.start`)}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
