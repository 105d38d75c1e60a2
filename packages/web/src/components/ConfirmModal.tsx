// Confirmation before a destructive action. With `typeName`, the user must type that name
// (e.g. the app's) before the button unlocks; the server's error shows inside the dialog.
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../hooks/useSubmit.ts';
import { FormModal } from './FormModal.tsx';

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
  const submit = useSubmit();

  function close() {
    if (submit.busy) return;
    setTyped('');
    submit.setError(undefined);
    onClose();
  }

  const locked = typeName !== undefined && typed.trim() !== typeName;
  const confirm = submit.handler(onConfirm, {
    onDone: () => {
      setTyped('');
      onClose();
    },
  });
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={title}
      onSubmit={(event) => (locked ? event.preventDefault() : confirm(event))}
      busy={submit.busy}
      error={submit.error}
      submitLabel={confirmLabel}
      submitColor={color}
      submitDisabled={locked}
    >
      <Text size="sm">{message}</Text>
      {typeName !== undefined && (
        <TextInput
          label={t('apps.confirm.type_name', { name: typeName })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
      )}
    </FormModal>
  );
}
