// Create or edit a scheme: its name, whether new builds are announced, how many builds each
// channel keeps.
import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, createScheme, updateScheme } from '../../api/apps.ts';
import type { Scheme } from '../../api/apps.ts';
import { fieldError } from '../../api/client.ts';
import { notifySuccess } from '../../components/notify.ts';
import { FormError } from '../../components/FormError.tsx';

const RETAINED_MAX = 1000;

export function SchemeModal({ opened, onClose, appId, scheme }: { opened: boolean; onClose: () => void; appId: number; scheme?: Scheme | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [callout, setCallout] = useState(true);
  const [retained, setRetained] = useState<number | string>(0);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(scheme?.name ?? '');
    setCallout(scheme?.new_build_callout ?? true);
    setRetained(scheme?.retained_builds ?? 0);
    setError(undefined);
  }, [opened, scheme]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const fields = { name, new_build_callout: callout, retained_builds: typeof retained === 'number' ? retained : 0 };
    try {
      const saved = scheme ? await updateScheme(scheme.id, fields) : await createScheme(appId, fields);
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t(scheme ? 'apps.scheme.saved' : 'apps.scheme.created', { name: saved.name }));
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={t(scheme ? 'apps.scheme.edit_title' : 'apps.scheme.new_title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput
            label={t('apps.scheme.name')}
            description={t('apps.scheme.name_help')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(error, 'name')}
            required
            data-autofocus
            maxLength={255}
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
          <FormError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {scheme ? t('common.save') : t('common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
