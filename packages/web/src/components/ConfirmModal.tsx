// Confirmation before a destructive action. With `typeName`, the user must type that name
// (e.g. the app's) before the button unlocks; the server's error shows inside the dialog.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Runs the action; a thrown error is shown and the dialog stays open. */
  onConfirm: () => Promise<unknown>;
  typeName?: string;
  color?: string;
}

export function ConfirmModal({ opened, onClose, title, message, confirmLabel, onConfirm, typeName, color = 'red' }: ConfirmModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function close() {
    if (busy) return;
    setTyped('');
    setError(undefined);
    onClose();
  }

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  const locked = typeName !== undefined && typed.trim() !== typeName;
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!locked) void confirm();
        }}
      >
        <Stack>
          <Text size="sm">{message}</Text>
          {typeName !== undefined && (
            <TextInput
              label={t('apps.confirm.type_name', { name: typeName })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              data-testid="confirm-name"
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={color} loading={busy} disabled={locked} data-testid="confirm-button">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
