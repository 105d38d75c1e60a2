// /apps/:appId for a signed-out visitor while guest mode is on: a public app's name, platforms and
// schemes with their channels (each linking to the channel's guest page), read-only. The API
// answers a guest no team, owner or channel keys; any other app is 404, shown as "not public".
import { Anchor, Breadcrumbs, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { deviceTypesOf, useApp } from '../../api/apps.ts';
import type { AppDetail } from '../../api/apps.ts';
import { DeviceTypeBadge } from '../apps/DeviceType.tsx';
import { EmptyState, ErrorState, PageLoader } from '../../components/PageState.tsx';
import { useTitle } from '../../hooks/page.ts';
import { SchemeCard } from '../apps/SchemeCard.tsx';
import type { SchemeActions } from '../apps/SchemeCard.tsx';
import { GuestUnreachable, hiddenFromGuest } from './GuestParts.tsx';

/** A guest's permissions are all false, so SchemeCard offers none of these. */
const NO_ACTIONS: SchemeActions = { editScheme() {}, deleteScheme() {}, newChannel() {}, editChannel() {}, deleteChannel() {} };

function GuestApp({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/apps" size="sm">
          {t('apps.guest.title')}
        </Anchor>
        <Text size="sm" truncate maw={240}>
          {app.name}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {app.name}
        </Title>
        <Group gap={4}>
          {deviceTypesOf(app).map((type) => (
            <DeviceTypeBadge key={type} type={type} />
          ))}
        </Group>
      </Stack>
      <Title order={2} size="h4">
        {t('apps.scheme.title')}
      </Title>
      {app.schemes.length === 0 ? (
        <Card withBorder>
          <EmptyState title={t('apps.scheme.empty')} description={t('apps.guest.no_schemes')} />
        </Card>
      ) : (
        app.schemes.map((scheme) => <SchemeCard key={scheme.id} app={app} scheme={scheme} actions={NO_ACTIONS} />)
      )}
    </Stack>
  );
}

export default function GuestAppPage() {
  const { t } = useTranslation();
  const id = Number(useParams().appId);
  const app = useApp(id);
  useTitle(app.data?.name ?? t('apps.guest.title'));
  if (!Number.isInteger(id) || id < 1 || hiddenFromGuest(app.error)) {
    return <GuestUnreachable title={t('apps.guest.not_found')} description={t('apps.guest.not_found_hint')} />;
  }
  if (app.isPending) return <PageLoader />;
  if (app.isError) return <ErrorState error={app.error} onRetry={() => void app.refetch()} />;
  return <GuestApp app={app.data} />;
}
