// Rename an app.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, renameApp } from '../../api/apps.ts';
import type { AppDetail } from '../../api/apps.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { NameInput } from './NameInput.tsx';

export function RenameAppModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(app.name);
  const submit = useSubmit();

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
      error={submit.error}
      errorFields={['name']}
    >
      <NameInput label={t('apps.create.name')} value={name} onChange={setName} operation="updateApp" error={submit.error} />
    </FormModal>
  );
}
