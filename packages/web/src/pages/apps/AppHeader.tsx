// The App screen's header: the way back to the list, the app's name and state, the caller's role
// and the owner, and the app-wide buttons the caller's role allows; an archived app says so.
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconBug, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppDetail } from '../../api/apps.ts';
import { AppPublicSwitch } from './AppPublicSwitch.tsx';

export interface AppHeaderActions {
  rename: () => void;
  archive: () => void;
  unarchive: () => void;
  delete: () => void;
}

function AppButtons({ app, actions }: { app: AppDetail; actions: AppHeaderActions }) {
  const { t } = useTranslation();
  const { permissions } = app;
  return (
    <Group gap="xs" role="group" aria-label={t('apps.app.actions')}>
      <Button component={Link} to={`/debug-files?app=${app.id}`} variant="default" size="xs" leftSection={<IconBug size={14} />}>
        {t('apps.app.debug_files')}
      </Button>
      {permissions.update && !app.archived && (
        <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={actions.rename}>
          {t('apps.app.rename')}
        </Button>
      )}
      {permissions.archive &&
        (app.archived ? (
          <Button variant="default" size="xs" leftSection={<IconArchiveOff size={14} />} onClick={actions.unarchive}>
            {t('apps.app.unarchive')}
          </Button>
        ) : (
          <Button variant="default" size="xs" leftSection={<IconArchive size={14} />} onClick={actions.archive}>
            {t('apps.app.archive')}
          </Button>
        ))}
      {permissions.delete && (
        <Button color="red" variant="light" size="xs" leftSection={<IconTrash size={14} />} onClick={actions.delete}>
          {t('apps.app.delete')}
        </Button>
      )}
    </Group>
  );
}

export function AppHeader({ app, actions }: { app: AppDetail; actions: AppHeaderActions }) {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs>
        <Anchor component={Link} to="/apps" size="sm">
          {t('apps.title')}
        </Anchor>
        <Text size="sm" truncate maw={240}>
          {app.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
              {app.name}
            </Title>
            {app.archived && (
              <Badge color="gray" variant="outline">
                {t('apps.archived_badge')}
              </Badge>
            )}
          </Group>
          <AppPublicSwitch app={app} />
          <Text size="sm" c="dimmed">
            {app.role ? t('apps.app.your_role', { role: t(`apps.role.${app.role}`) }) : t('apps.app.global_admin')}
            {app.owner ? ` · ${t('apps.list.owner', { name: app.owner.username })}` : ''}
          </Text>
        </Stack>
        <AppButtons app={app} actions={actions} />
      </Group>
      {app.archived && (
        <Alert color="gray" icon={<IconArchive size={18} />}>
          {app.permissions.archive ? t('apps.app.archived_notice_admin') : t('apps.app.archived_notice')}
        </Alert>
      )}
    </>
  );
}
