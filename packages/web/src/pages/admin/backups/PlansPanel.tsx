// The Plans tab of /admin/backups: every plan with its schedule and next run, scope, destination
// and keep count; an on/off switch, Run now, Edit and Delete (after a confirmation); an empty
// state that offers the first plan.
import { Badge, Button, Code, Group, Paper, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backupsKey, deleteBackupPlan, runBackupPlan, updateBackupPlan, useBackupPlans } from '../../../api/backups.ts';
import type { BackupPlan } from '../../../api/backups.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { QueryBody } from '../../../components/ListParts.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { EmptyState } from '../../../components/PageState.tsx';
import { useDateFormatter } from '../../../hooks/page.ts';
import { PlanModal } from './PlanModal.tsx';

function Scope({ plan }: { plan: BackupPlan }) {
  const { t } = useTranslation();
  const parts = [
    plan.include_database && t('backups.scope.database'),
    plan.app_ids === null ? t('backups.scope.all_apps') : plan.app_ids.length > 0 && t('backups.scope.some_apps', { count: plan.app_ids.length }),
    plan.include_debug_files && t('backups.scope.debug_files'),
  ].filter(Boolean);
  return <Text size="sm">{parts.join(t('backups.scope.separator'))}</Text>;
}

export function PlansPanel({ onRun }: { onRun: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const plans = useBackupPlans();
  const [editing, setEditing] = useState<BackupPlan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BackupPlan | null>(null);

  const act = async (action: () => Promise<unknown>, message: string, after?: () => void) => {
    try {
      await action();
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: backupsKey });
      after?.();
    } catch (error) {
      notifyError(error);
    }
  };
  const newPlan = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      {t('backups.plans.new')}
    </Button>
  );

  return (
    <Stack pt="md">
      <QueryBody
        query={plans}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState title={t('backups.plans.empty_title')} description={t('backups.plans.empty_hint')} action={newPlan} />}
      >
        {(data) => (
          <Stack>
            <Group justify="flex-end">{newPlan}</Group>
            <Paper withBorder>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm" aria-label={t('backups.plans.table_label')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('backups.plans.columns.name')}</Table.Th>
                      <Table.Th>{t('backups.plans.columns.schedule')}</Table.Th>
                      <Table.Th>{t('backups.plans.columns.scope')}</Table.Th>
                      <Table.Th>{t('backups.plans.columns.destination')}</Table.Th>
                      <Table.Th>{t('backups.plans.columns.enabled')}</Table.Th>
                      <Table.Th><VisuallyHidden>{t('backups.plans.columns.actions')}</VisuallyHidden></Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((plan) => (
                      <Table.Tr key={plan.id}>
                        <Table.Td><Text fw={500}>{plan.name}</Text></Table.Td>
                        <Table.Td>
                          {plan.schedule ? <Code>{plan.schedule}</Code> : <Text size="sm" c="dimmed">{t('backups.plans.on_demand')}</Text>}
                          {plan.next_runs[0] && <Text size="xs" c="dimmed">{t('backups.plans.next', { at: formatDate(plan.next_runs[0]) })}</Text>}
                        </Table.Td>
                        <Table.Td><Scope plan={plan} /></Table.Td>
                        <Table.Td>
                          <Badge variant="light">{t(`backups.destinations.${plan.destination}`)}</Badge>
                          <Text size="xs" c="dimmed">{t('backups.plans.keeps', { count: plan.keep_count })}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={plan.enabled}
                            aria-label={t('backups.plans.enabled_label', { name: plan.name })}
                            onChange={(event) => {
                              const enabled = event.currentTarget.checked;
                              void act(() => updateBackupPlan(plan.id, { enabled }), t('backups.plan.saved', { name: plan.name }));
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button
                              size="compact-sm"
                              onClick={() => void act(() => runBackupPlan(plan.id), t('backups.plans.queued', { name: plan.name }), onRun)}
                              aria-label={t('backups.plans.run_label', { name: plan.name })}
                            >
                              {t('backups.plans.run_now')}
                            </Button>
                            <Button size="compact-sm" variant="light" onClick={() => setEditing(plan)} aria-label={t('backups.plans.edit_label', { name: plan.name })}>
                              {t('backups.plans.edit')}
                            </Button>
                            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(plan)} aria-label={t('backups.plans.delete_label', { name: plan.name })}>
                              {t('backups.plans.delete')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </Stack>
        )}
      </QueryBody>
      {editing !== null && (
        <PlanModal key={editing === 'new' ? 'new' : editing.id} plan={editing === 'new' ? null : editing} opened onClose={() => setEditing(null)} />
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('backups.plans.delete_title', { name: deleting.name }) : ''}
        message={t('backups.plans.delete_message')}
        confirmLabel={t('backups.plans.delete')}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteBackupPlan(deleting.id);
          notifySuccess(t('backups.plans.deleted', { name: deleting.name }));
          await queryClient.invalidateQueries({ queryKey: backupsKey });
        }}
      />
    </Stack>
  );
}
