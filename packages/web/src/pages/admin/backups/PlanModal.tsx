// The dialog that makes or changes a backup plan: name, schedule (with the next runs the server
// previews, or its refusal on the field), scope (database, all/chosen/no apps, debug files),
// destination, keep count, failure URL. The server's 422 shows on each field.
import { Checkbox, MultiSelect, NumberInput, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listApps } from '../../../api/apps.ts';
import { backupsKey, createBackupPlan, updateBackupPlan, useBackupSchedulePreview } from '../../../api/backups.ts';
import type { BackupPlan, BackupPlanBody } from '../../../api/backups.ts';
import { errorText, fieldError } from '../../../api/error-text.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useDateFormatter } from '../../../hooks/page.ts';
import { useSubmit } from '../../../hooks/useSubmit.ts';

type AppsChoice = 'all' | 'chosen' | 'none';
const FIELDS = ['name', 'schedule', 'enabled', 'include_database', 'app_ids', 'include_debug_files', 'destination', 'keep_count', 'notify_url'];

const EMPTY: BackupPlanBody = {
  name: '', enabled: false, schedule: 'every 24h', include_database: true, app_ids: null, include_debug_files: true,
  destination: 'local', keep_count: 7, notify_url: null,
};

function bodyOf(plan: BackupPlan | null): BackupPlanBody {
  if (!plan) return EMPTY;
  const { id: _id, next_runs: _next, created_at: _created, updated_at: _updated, ...body } = plan;
  return body;
}

function SchedulePreview({ spec }: { spec: string }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const [debounced] = useDebouncedValue(spec.trim(), 300);
  const preview = useBackupSchedulePreview(debounced);
  if (debounced === '') return <Text size="sm" c="dimmed">{t('backups.plan.on_demand')}</Text>;
  return (
    <div aria-live="polite">
      <Text size="sm" fw={500}>{t('backups.plan.next_runs')}</Text>
      {preview.error ? (
        <Text size="sm" c="var(--mantine-color-error)">{errorText(preview.error)}</Text>
      ) : (
        (preview.data?.next ?? []).map((at) => <Text size="sm" key={at}>{formatDate(at)}</Text>)
      )}
    </div>
  );
}

type Setter = <K extends keyof BackupPlanBody>(key: K, value: BackupPlanBody[K]) => void;

/** What goes in the archive: the database, all, chosen or no apps' files, the debug files. */
function ScopeFields({ body, set, apps, setApps, error }: {
  body: BackupPlanBody;
  set: Setter;
  apps: AppsChoice;
  setApps: (choice: AppsChoice) => void;
  error: unknown;
}) {
  const { t } = useTranslation();
  // The first 100 active apps by name (the API's page limit); more are not offered here.
  const appList = useQuery({ queryKey: ['apps', 'backup-choice'], queryFn: () => listApps('active', '', 1, 100) });
  return (
    <>
        <Checkbox
          label={t('backups.plan.include_database')}
          checked={body.include_database}
          onChange={(e) => set('include_database', e.currentTarget.checked)}
          error={fieldError(error, 'include_database')}
        />
        <Radio.Group label={t('backups.plan.apps')} value={apps} onChange={(value) => setApps(value)} error={fieldError(error, 'app_ids')}>
          <Stack gap={6} mt={4}>
            <Radio value="all" label={t('backups.plan.apps_all')} />
            <Radio value="chosen" label={t('backups.plan.apps_chosen')} />
            <Radio value="none" label={t('backups.plan.apps_none')} />
          </Stack>
        </Radio.Group>
        {apps === 'chosen' && (
          <MultiSelect
            label={t('backups.plan.apps_pick')}
            searchable
            data={(appList.data?.items ?? []).map((app) => ({ value: String(app.id), label: app.name }))}
            value={(body.app_ids ?? []).map(String)}
            onChange={(values) => set('app_ids', values.map(Number))}
          />
        )}
        <Checkbox label={t('backups.plan.include_debug_files')} checked={body.include_debug_files} onChange={(e) => set('include_debug_files', e.currentTarget.checked)} />
    </>
  );
}

export function PlanModal({ plan, opened, onClose }: { plan: BackupPlan | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [body, setBody] = useState<BackupPlanBody>(() => bodyOf(plan));
  const [apps, setApps] = useState<AppsChoice>(body.app_ids === null ? 'all' : body.app_ids.length === 0 ? 'none' : 'chosen');
  const set = <K extends keyof BackupPlanBody>(key: K, value: BackupPlanBody[K]) => setBody((current) => ({ ...current, [key]: value }));
  const appIds = apps === 'all' ? null : apps === 'none' ? [] : (body.app_ids ?? []);
  const schedule = body.schedule?.trim() ? body.schedule.trim() : null;
  const send = { ...body, schedule, app_ids: appIds, notify_url: body.notify_url?.trim() || null };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={plan ? t('backups.plan.edit_title', { name: plan.name }) : t('backups.plan.new_title')}
      busy={submit.busy}
      error={submit.error}
      errorFields={FIELDS}
      submitLabel={plan ? t('backups.plan.save') : t('backups.plan.create')}
      onSubmit={submit.handler(() => (plan ? updateBackupPlan(plan.id, send) : createBackupPlan(send)), {
        invalidate: [backupsKey],
        success: (saved) => t('backups.plan.saved', { name: saved.name }),
        onDone: onClose,
      })}
    >
      <Stack>
        <TextInput label={t('backups.plan.name')} required value={body.name} onChange={(e) => set('name', e.currentTarget.value)} error={fieldError(submit.error, 'name')} />
        <TextInput
          label={t('backups.plan.schedule')}
          description={t('backups.plan.schedule_help')}
          value={body.schedule ?? ''}
          onChange={(e) => set('schedule', e.currentTarget.value)}
          error={fieldError(submit.error, 'schedule')}
        />
        <SchedulePreview spec={body.schedule ?? ''} />
        <Switch label={t('backups.plan.enabled')} checked={body.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} error={fieldError(submit.error, 'enabled')} />
        <ScopeFields body={body} set={set} apps={apps} setApps={setApps} error={submit.error} />
        <Select
          label={t('backups.plan.destination')}
          allowDeselect={false}
          data={[{ value: 'local', label: t('backups.destinations.local') }, { value: 's3', label: t('backups.destinations.s3') }]}
          value={body.destination}
          onChange={(value) => set('destination', (value ?? 'local'))}
          error={fieldError(submit.error, 'destination')}
        />
        <NumberInput
          label={t('backups.plan.keep_count')}
          description={t('backups.plan.keep_count_help')}
          min={1}
          max={1000}
          value={body.keep_count}
          onChange={(value) => set('keep_count', typeof value === 'number' ? value : Number(value) || 1)}
          error={fieldError(submit.error, 'keep_count')}
        />
        <TextInput
          label={t('backups.plan.notify_url')}
          description={t('backups.plan.notify_url_help')}
          value={body.notify_url ?? ''}
          onChange={(e) => set('notify_url', e.currentTarget.value)}
          error={fieldError(submit.error, 'notify_url')}
        />
      </Stack>
    </FormModal>
  );
}
