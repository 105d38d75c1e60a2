// /apps/:appId/channels/:channelId — one channel: its builds (filters and page in the URL), the
// upload, the public link and QR code, (tab=webhooks) its webhooks, (tab=subscribers) who is
// mailed its new builds, and (tab=settings) its settings, password and key.
// `?upload=1` (the dashboard's "Upload a build") opens the upload dialog once the page knows the
// user may upload; closing it drops the parameter.
import { Alert, Grid, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useApp } from '../../api/apps.ts';
import { ApiError } from '../../api/client.ts';
import { useChannel } from '../../api/channels.ts';
import { ErrorState, PageLoader, UnreachableState } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { BuildsList } from './components/BuildsList.tsx';
import { ChannelFacts, KeyCard, ShareCard } from './components/ChannelCards.tsx';
import { ChannelHeader } from './components/ChannelHeader.tsx';
import { ChannelSettings } from './components/ChannelSettings.tsx';
import { SubscribersTab } from './components/SubscribersTab.tsx';
import { UploadModal } from './components/UploadModal.tsx';
import { ChannelWebhooks } from '../webhooks/ChannelWebhooks.tsx';

const TABS = ['builds', 'webhooks', 'subscribers', 'settings'] as const;

function withoutUpload(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('upload');
  return next;
}

export default function ChannelPage() {
  const { t } = useTranslation();
  const params = useParams();
  const appId = Number(params.appId);
  const channelId = Number(params.channelId);
  const [search, setSearch] = useSearchParams();
  const channel = useChannel(channelId);
  const app = useApp(appId);
  const [uploadOpened, upload] = useDisclosure(false);
  useTitle(channel.data ? `${channel.data.name} · ${channel.data.app.name}` : t('channel.title'));

  if (!Number.isInteger(channelId) || channelId < 1 || (channel.error instanceof ApiError && channel.error.status === 404)) {
    const back = Number.isInteger(appId) && appId > 0 ? { to: `/apps/${appId}`, linkLabel: t('channel.back_to_app') } : { to: '/apps', linkLabel: t('apps.app.back') };
    return <UnreachableState title={t('channel.not_found_title')} description={t('channel.not_found')} {...back} />;
  }
  if (channel.isPending) return <PageLoader />;
  if (channel.error) return <ErrorState error={channel.error} onRetry={() => void channel.refetch()} />;
  const data = channel.data;
  // An old or hand-made link with another app's id: show the channel under its own app.
  if (data.app.id !== appId) return <Navigate to={`/apps/${data.app.id}/channels/${data.id}${window.location.search}`} replace />;

  const permissions = app.data?.permissions;
  const archived = data.app.archived;
  const canUpload = Boolean(permissions?.upload) && !archived && data.key !== undefined;
  const tab = TABS.find((value) => value === search.get('tab')) ?? 'builds';
  const uploadAsked = search.get('upload') === '1' && canUpload;

  function closeUpload() {
    upload.close();
    if (search.has('upload')) setSearch((current) => withoutUpload(current), { replace: true });
  }

  function setTab(value: string | null) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'settings' || value === 'webhooks' || value === 'subscribers') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: false },
    );
  }

  return (
    <Stack gap="md">
      <ChannelHeader channel={data} canUpload={canUpload} pending={app.isPending} onUpload={upload.open} />

      {archived && (
        <Alert color="gray" icon={<IconArchive />}>
          {t('channel.archived_hint')}
        </Alert>
      )}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="builds">{t('channel.tabs.builds')}</Tabs.Tab>
          <Tabs.Tab value="webhooks">{t('channel.tabs.webhooks')}</Tabs.Tab>
          <Tabs.Tab value="subscribers">{t('channel.tabs.subscribers')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('channel.tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="builds" pt="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xl: 8 }}>
              <BuildsList channel={data} canUpload={canUpload} onUpload={upload.open} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 4 }}>
              {/* Beside the list on wide screens, a row of cards under it below that. */}
              <SimpleGrid cols={{ base: 1, md: 3, xl: 1 }} spacing="md">
                <ShareCard channel={data} />
                {data.key !== undefined && <KeyCard channelKey={data.key} />}
                <ChannelFacts channel={data} />
              </SimpleGrid>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="subscribers" pt="md">
          <SubscribersTab channel={data} canManage={Boolean(permissions?.manage_channels)} loadingPermissions={app.isPending} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <ChannelSettings channel={data} canManage={Boolean(permissions?.manage_channels)} loadingPermissions={app.isPending} />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <ChannelWebhooks channelId={data.id} canManage={Boolean(permissions?.manage_channels)} loadingPermissions={app.isPending} />
        </Tabs.Panel>
      </Tabs>

      {data.key !== undefined && (
        <UploadModal opened={uploadOpened || uploadAsked} onClose={closeUpload} channel={data} channelKey={data.key} />
      )}
    </Stack>
  );
}
