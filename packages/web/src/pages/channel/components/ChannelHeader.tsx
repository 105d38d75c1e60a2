// The top of the channel screen: where it is, its name with device type, password and archive
// badges, and the upload button (unavailable, with the reason on focus and hover, for those who
// may not upload).
import { Badge, Group, Title } from '@mantine/core';
import { IconArchive, IconLock, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChannelDetail } from '../../../api/channels.ts';
import { ReasonButton } from '../../../components/ReasonButton.tsx';
import { DeviceTypeBadge } from '../../apps/DeviceType.tsx';
import { ChannelBreadcrumbs } from './ChannelBreadcrumbs.tsx';

interface Props {
  channel: ChannelDetail;
  canUpload: boolean;
  /** The caller's permissions are still loading: no reason shown yet. */
  pending: boolean;
  /** Without it (a guest's screen), no upload button. */
  onUpload?: () => void;
}

/** Says the app is archived (read-only), on its channel and build screens. */
export function ArchivedBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="gray" leftSection={<IconArchive size={12} />} tt="none">
      {t('channel.archived')}
    </Badge>
  );
}

export function ChannelHeader({ channel, canUpload, pending, onUpload }: Props) {
  const { t } = useTranslation();
  const archived = channel.app.archived;
  const uploadReason = archived ? t('channel.archived_hint') : t('channel.upload.not_allowed');
  return (
    <>
      <ChannelBreadcrumbs label={t('channel.breadcrumbs')} app={channel.app} scheme={channel.scheme} channel={channel} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="xs" align="center">
          <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
            {channel.name}
          </Title>
          <DeviceTypeBadge type={channel.device_type} />
          {channel.has_password && (
            <Badge color="yellow" variant="light" leftSection={<IconLock size={12} />} tt="none">
              {t('channel.password_protected')}
            </Badge>
          )}
          {archived && <ArchivedBadge />}
        </Group>
        {onUpload && (
          <ReasonButton
            leftSection={<IconUpload size={16} />}
            onClick={onUpload}
            unavailable={!canUpload}
            reason={pending ? undefined : uploadReason}
          >
            {t('channel.upload.button')}
          </ReasonButton>
        )}
      </Group>
    </>
  );
}
