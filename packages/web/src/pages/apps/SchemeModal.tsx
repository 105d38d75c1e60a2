// Create or edit a scheme: its name, whether new builds are announced, how many builds each
// channel keeps.
import { NumberInput, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, createScheme, updateScheme } from '../../api/apps.ts';
import type { Scheme } from '../../api/apps.ts';
import { fieldError } from '../../api/error-text.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { NameInput } from './NameInput.tsx';

const RETAINED_MAX = 1000;

interface SchemeModalProps {
  opened: boolean;
  onClose: () => void;
  appId: number;
  scheme?: Scheme | undefined;
}

export function SchemeModal({ opened, onClose, appId, scheme }: SchemeModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [callout, setCallout] = useState(true);
  const [retained, setRetained] = useState<number | string>(0);
  const submit = useSubmit();
  const error = submit.error;

  useOnOpen(
    opened,
    () => {
      setName(scheme?.name ?? '');
      setCallout(scheme?.new_build_callout ?? true);
      setRetained(scheme?.retained_builds ?? 0);
      submit.setError(undefined);
    },
    [scheme],
  );

  function save() {
    const fields = { name, new_build_callout: callout, retained_builds: typeof retained === 'number' ? retained : 0 };
    return scheme ? updateScheme(scheme.id, fields) : createScheme(appId, fields);
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(scheme ? 'apps.scheme.edit_title' : 'apps.scheme.new_title')}
      onSubmit={submit.handler(save, {
        invalidate: [appKeys.all],
        success: (saved) => t(scheme ? 'apps.scheme.saved' : 'apps.scheme.created', { name: saved.name }),
        onDone: onClose,
      })}
      busy={submit.busy}
      error={error}
      submitLabel={scheme ? t('common.save') : t('common.create')}
    >
      <NameInput
        label={t('apps.scheme.name')}
        description={t('apps.scheme.name_help')}
        value={name}
        onChange={setName}
        operation={scheme ? 'updateScheme' : 'createScheme'}
        error={error}
      />
      <NumberInput
        label={t('apps.scheme.retained')}
        description={t('apps.scheme.retained_help')}
        value={retained}
        onChange={setRetained}
        min={0}
        max={RETAINED_MAX}
        allowDecimal={false}
        allowNegative={false}
        error={fieldError(error, 'retained_builds')}
      />
      <Switch
        label={t('apps.scheme.callout')}
        description={t('apps.scheme.callout_help')}
        checked={callout}
        onChange={(event) => setCallout(event.currentTarget.checked)}
      />
    </FormModal>
  );
}
