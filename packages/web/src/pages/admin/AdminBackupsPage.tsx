// /admin/backups: backup plans (what, when, where to, how many kept), their runs (progress,
// download, delete, cancel, restore) and restores (upload an archive, review, apply), for
// administrators (anyone else gets the 404 screen, as the API answers them 403). The tab and the
// list's page live in the URL (?tab=runs&page=2, ?tab=restore).
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import { useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { PlansPanel } from './backups/PlansPanel.tsx';
import { RestorePanel } from './backups/RestorePanel.tsx';
import { RunsPanel } from './backups/RunsPanel.tsx';

function Backups() {
  const { t } = useTranslation();
  useTitle(t('backups.title'));
  const list = useListParams();
  const asked = list.params.get('tab');
  const tab = asked === 'runs' || asked === 'restore' ? asked : 'plans';
  const onPage = (page: number) => list.setParam({ page: page === 1 ? undefined : String(page) });
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">{t('backups.title')}</Title>
        <Text c="dimmed">{t('backups.subtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={(value) => list.setParam({ tab: value === 'plans' ? undefined : (value ?? undefined), page: undefined })}>
        <Tabs.List aria-label={t('backups.tabs_label')}>
          <Tabs.Tab value="plans">{t('backups.tabs.plans')}</Tabs.Tab>
          <Tabs.Tab value="runs">{t('backups.tabs.runs')}</Tabs.Tab>
          <Tabs.Tab value="restore">{t('backups.tabs.restore')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plans">{tab === 'plans' && <PlansPanel onRun={() => list.setParam({ tab: 'runs', page: undefined })} />}</Tabs.Panel>
        <Tabs.Panel value="runs">
          {tab === 'runs' && <RunsPanel page={list.page} onPage={onPage} />}
        </Tabs.Panel>
        <Tabs.Panel value="restore">{tab === 'restore' && <RestorePanel page={list.page} onPage={onPage} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen (the page does not exist for them). */
export default function AdminBackupsPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <Backups /> : <NotFoundPage />;
}
