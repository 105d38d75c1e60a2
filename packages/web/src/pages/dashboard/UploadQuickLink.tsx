// The dashboard's "Upload a build": straight to the upload dialog of the one channel the user can
// upload to, a channel picker when there are several, and the create-app dialog when there are
// none (for those who may create apps; others are told whom to ask). The channel screen opens its
// upload dialog for `?upload=1`.
import { Button, Select, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appKeys, listApps } from '../../api/apps.ts';
import type { App } from '../../api/apps.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { notifyError } from '../../components/notify.ts';

/** The most apps one request answers: a user on more picks among the first hundred's channels. */
const APPS_MAX = 100;

interface UploadTarget {
  path: string;
  app: string;
  label: string;
}

/** The channels a build may go to: those of active apps whose key the user sees (developers and admins of the app). */
function uploadTargets(apps: App[]): UploadTarget[] {
  return apps.flatMap((app) =>
    app.archived
      ? []
      : app.schemes.flatMap((scheme) =>
        scheme.channels
          .filter((channel) => channel.key !== undefined)
          .map((channel) => ({ path: `/apps/${app.id}/channels/${channel.id}?upload=1`, app: app.name, label: `${scheme.name} · ${channel.name}` })),
      ),
  );
}

function PickerModal({ targets, onClose }: { targets: UploadTarget[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const none = targets !== null && targets.length === 0;
  const groups = [...new Set((targets ?? []).map((target) => target.app))].map((app) => ({
    group: app,
    items: (targets ?? []).filter((target) => target.app === app).map((target) => ({ value: target.path, label: target.label })),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (none) onClose();
    else if (chosen) void navigate(chosen);
  };
  return (
    <FormModal
      opened={targets !== null}
      onClose={onClose}
      title={none ? t('dashboard.upload_picker.none_title') : t('dashboard.upload_picker.title')}
      onSubmit={submit}
      busy={false}
      error={undefined}
      submitLabel={none ? t('dashboard.upload_picker.ok') : t('dashboard.upload_picker.continue')}
      submitDisabled={!none && !chosen}
    >
      {none ? (
        <Text size="sm">{t('dashboard.upload_picker.none_hint')}</Text>
      ) : (
        <Select
          label={t('dashboard.upload_picker.channel')}
          description={t('dashboard.upload_picker.hint')}
          placeholder={t('dashboard.upload_picker.placeholder')}
          data={groups}
          value={chosen}
          onChange={setChosen}
          searchable
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </FormModal>
  );
}

export function UploadQuickLink({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [targets, setTargets] = useState<UploadTarget[] | null>(null);

  async function start() {
    setBusy(true);
    try {
      const page = await queryClient.fetchQuery({ queryKey: appKeys.uploadTargets, queryFn: () => listApps('active', '', 1, APPS_MAX) });
      const found = uploadTargets(page.items);
      if (found.length === 1) await navigate(found[0]!.path);
      else if (found.length === 0 && canCreate) await navigate('/apps?new=1');
      else setTargets(found);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="light" leftSection={<IconUpload size={16} />} justify="flex-start" loading={busy} onClick={() => void start()}>
        {t('dashboard.quick.upload')}
      </Button>
      <PickerModal key={targets === null ? 'closed' : 'open'} targets={targets} onClose={() => setTargets(null)} />
    </>
  );
}
