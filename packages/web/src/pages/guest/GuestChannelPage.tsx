// /apps/:appId/channels/:channelId for a signed-out visitor while guest mode is on. The channel
// comes from the public app's answer (GET /api/channels/{id} stays for the team: it carries the
// key), its builds from GET /api/channels/{id}/releases. A channel with a password shows no builds
// or QR code here (the server refuses its code without the password): its install page asks the
// password, as it does without guest mode.
import { Alert, Button, Grid, SimpleGrid, Stack } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useApp } from '../../api/apps.ts';
import type { AppDetail } from '../../api/apps.ts';
import { publicChannelUrl } from '../../api/channels.ts';
import type { ChannelDetail } from '../../api/channels.ts';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { BuildsList } from '../channel/components/BuildsList.tsx';
import { ChannelFacts, ShareCard } from '../channel/components/ChannelCards.tsx';
import { ChannelHeader } from '../channel/components/ChannelHeader.tsx';
import { GuestUnreachable, hiddenFromGuest } from './GuestParts.tsx';

/** The channel as the channel screen's parts take it, from the app's answer; undefined when the app has no such channel. */
export function channelOf(app: AppDetail, channelId: number): ChannelDetail | undefined {
  for (const scheme of app.schemes) {
    const channel = scheme.channels.find((candidate) => candidate.id === channelId);
    if (!channel) continue;
    return { ...channel, scheme: { id: scheme.id, name: scheme.name }, app: { id: app.id, name: app.name, archived: app.archived } };
  }
  return undefined;
}

function PasswordNotice({ channel }: { channel: ChannelDetail }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" icon={<IconLock />} title={t('apps.guest.guarded_title')}>
      <Stack gap="xs" align="flex-start">
        {t('apps.guest.guarded')}
        <Button component="a" href={publicChannelUrl(channel.slug)} variant="light" size="xs" leftSection={<IconExternalLink size={14} />}>
          {t('channel.share.open_page')}
        </Button>
      </Stack>
    </Alert>
  );
}

function GuestChannel({ channel }: { channel: ChannelDetail }) {
  return (
    <Stack gap="md">
      <ChannelHeader channel={channel} canUpload={false} pending={false} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          {channel.has_password ? (
            <PasswordNotice channel={channel} />
          ) : (
            <BuildsList channel={channel} canUpload={false} onUpload={() => {}} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 1 }} spacing="md">
            {/* A guarded channel's QR code is refused without the password: its notice links the page. */}
            {!channel.has_password && <ShareCard channel={channel} />}
            <ChannelFacts channel={channel} />
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default function GuestChannelPage() {
  const { t } = useTranslation();
  const params = useParams();
  const appId = Number(params.appId);
  const channelId = Number(params.channelId);
  const app = useApp(appId);
  const channel = app.data ? channelOf(app.data, channelId) : undefined;
  useTitle(channel ? `${channel.name} · ${channel.app.name}` : t('channel.title'));
  if (!Number.isInteger(appId) || appId < 1 || hiddenFromGuest(app.error) || (app.data && !channel)) {
    return <GuestUnreachable title={t('apps.guest.channel_not_found')} description={t('apps.guest.channel_not_found_hint')} />;
  }
  if (app.isPending) return <PageLoader />;
  if (app.isError) return <ErrorState error={app.error} onRetry={() => void app.refetch()} />;
  if (!channel) return <Navigate to="/apps" replace />;
  return <GuestChannel channel={channel} />;
}
