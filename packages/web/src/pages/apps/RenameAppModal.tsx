// Rename an app.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, renameApp } from '../../api/apps.ts';
import type { AppDetail } from '../../api/apps.ts';
import { fieldError } from '../../api/client.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';

export function RenameAppModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(app.name);
  const submit = useSubmit();
  const error = submit.error;

  useOnOpen(
    opened,
    () => {
      setName(app.name);
      submit.setError(undefined);
    },
    [app.name],
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('apps.app.rename_title')}
      onSubmit={submit.handler(() => renameApp(app.id, name), { invalidate: [appKeys.all], success: () => t('apps.app.renamed'), onDone: onClose })}
      busy={submit.busy}
      error={error}
      errorFields={['name']}
    >
      <TextInput
        label={t('apps.create.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fieldError(error, 'name')}
        required
        data-autofocus
        maxLength={255}
      />
    </FormModal>
  );
}
