// /apps/:appId: one app. Its name and state, its schemes with their channels (each linking to
// the channel's screen), its team, and a link to its debug files. Every button is one the
// caller's role allows (the API's `permissions`); an archived app offers only unarchiving,
// deleting and team changes.
import { Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { appKeys, archiveApp, unarchiveApp, useApp } from '../../api/apps.ts';
import type { AppDetail } from '../../api/apps.ts';
import { ApiError } from '../../api/client.ts';
import { EmptyState, ErrorState, PageLoader, UnreachableState } from '../../components/PageState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useTitle } from '../../hooks/page.ts';
import { AppDialogs } from './AppDialogs.tsx';
import type { AppDialog } from './AppDialogs.tsx';
import { AppHeader } from './AppHeader.tsx';
import { CollaboratorsCard } from './CollaboratorsCard.tsx';
import { SchemeCard } from './SchemeCard.tsx';
import type { SchemeActions } from './SchemeCard.tsx';

/** The schemes column: its heading, the New scheme button, and a card per scheme (or how to add one). */
function Schemes({ app, open }: { app: AppDetail; open: (dialog: AppDialog) => void }) {
  const { t } = useTranslation();
  const canSchemes = app.permissions.manage_schemes && !app.archived;
  const actions: SchemeActions = {
    editScheme: (scheme) => open({ kind: 'scheme', scheme }),
    deleteScheme: (scheme) => open({ kind: 'delete-scheme', scheme }),
    newChannel: (scheme) => open({ kind: 'channel', scheme }),
    editChannel: (scheme, channel) => open({ kind: 'channel', scheme, channel }),
    deleteChannel: (channel) => open({ kind: 'delete-channel', channel }),
  };
  const newScheme = (
    <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => open({ kind: 'scheme' })}>
      {t('apps.scheme.new')}
    </Button>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('apps.scheme.title')}
        </Title>
        {canSchemes && newScheme}
      </Group>
      {app.schemes.length === 0 ? (
        <Card withBorder>
          <EmptyState
            title={t('apps.scheme.empty')}
            description={canSchemes ? t('apps.scheme.empty_manage') : t('apps.scheme.empty_read')}
            action={canSchemes ? newScheme : undefined}
          />
        </Card>
      ) : (
        app.schemes.map((scheme) => <SchemeCard key={scheme.id} app={app} scheme={scheme} actions={actions} />)
      )}
    </Stack>
  );
}

function AppScreen({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<AppDialog>();

  async function setArchived(archived: boolean) {
    await (archived ? archiveApp(app.id) : unarchiveApp(app.id));
    await queryClient.invalidateQueries({ queryKey: appKeys.all });
    notifySuccess(t(archived ? 'apps.app.archived_done' : 'apps.app.unarchived_done', { name: app.name }));
  }

  const headerActions = {
    rename: () => setDialog({ kind: 'rename' }),
    archive: () => setDialog({ kind: 'archive' }),
    unarchive: () => void setArchived(false).catch(notifyError),
    delete: () => setDialog({ kind: 'delete' }),
  };
  return (
    <Stack>
      <AppHeader app={app} actions={headerActions} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Schemes app={app} open={setDialog} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CollaboratorsCard app={app} />
        </Grid.Col>
      </Grid>
      <AppDialogs app={app} dialog={dialog} close={() => setDialog(undefined)} setArchived={setArchived} />
    </Stack>
  );
}

export default function AppPage() {
  const { t } = useTranslation();
  const { appId } = useParams();
  const id = Number(appId);
  const app = useApp(id);
  useTitle(app.data?.name ?? t('apps.title'));

  if (!Number.isInteger(id) || id < 1 || (app.error instanceof ApiError && app.error.status === 404)) {
    return <UnreachableState title={t('apps.app.not_found')} description={t('apps.app.not_found_hint')} to="/apps" linkLabel={t('apps.app.back')} />;
  }
  if (app.isPending) return <PageLoader />;
  if (app.isError) return <ErrorState error={app.error} onRetry={() => void app.refetch()} />;
  return <AppScreen app={app.data} />;
}
