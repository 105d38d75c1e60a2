// The top of the release screen: where the build is (breadcrumbs), what it is (icon, name,
// bundle id, version badges) and what can be done with it (install page, download, edit,
// delete; edit and delete disabled with the reason when the caller may not), and why no device
// can install it when its provisioning profile or signing certificate expired.
import { Alert, Avatar, Badge, Button, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconEdit, IconExternalLink, IconPackage, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseDetail } from '../../../api/releases.ts';
import { ReasonButton } from '../../../components/ReasonButton.tsx';
import { DeviceTypeBadge } from '../../apps/DeviceType.tsx';
import { ChannelBreadcrumbs } from '../../channel/components/ChannelBreadcrumbs.tsx';
import { ArchivedBadge } from '../../channel/components/ChannelHeader.tsx';
import { useDateFormatter } from '../../../hooks/page.ts';

/** The path and query of an absolute URL the server built (TARMAC_URL may name another host than the one in the address bar). */
export function local(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export function ReleaseBreadcrumbs({ data }: { data: ReleaseDetail }) {
  const { t } = useTranslation();
  return <ChannelBreadcrumbs label={t('release.breadcrumbs')} app={data.app} scheme={data.scheme} channel={data.channel} version={data.version} />;
}

function ReleaseBadges({ data, archived }: { data: ReleaseDetail; archived: boolean }) {
  return (
    <Group gap={6}>
      <Badge variant="filled" tt="none">
        #{data.version}
      </Badge>
      <Badge variant="light" tt="none">
        {data.release_version || '—'}
        {data.build_version ? ` (${data.build_version})` : ''}
      </Badge>
      <DeviceTypeBadge type={data.channel.device_type} />
      <Badge variant="outline" color="gray" tt="none">
        {data.format}
      </Badge>
      {data.release_type && (
        <Badge variant="light" color="grape" tt="none">
          {data.release_type}
        </Badge>
      )}
      {archived && <ArchivedBadge />}
    </Group>
  );
}

function ReleaseIdentity({ data, name, archived }: { data: ReleaseDetail; name: string; archived: boolean }) {
  const { t } = useTranslation();
  const [iconFailed, setIconFailed] = useState(false);
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      {data.icon_url && !iconFailed ? (
        <Image src={local(data.icon_url)} alt={t('release.icon_alt', { name })} w={64} h={64} radius="md" onError={() => setIconFailed(true)} />
      ) : (
        <Avatar size={64} radius="md" color="blue" aria-hidden>
          <IconPackage size={32} />
        </Avatar>
      )}
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {name}
        </Title>
        <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
          {data.bundle_id || data.file_name}
        </Text>
        <ReleaseBadges data={data} archived={archived} />
      </Stack>
    </Group>
  );
}

export interface ReleaseAbilities {
  canEdit: boolean;
  canDelete: boolean;
  /** Why edit or delete is disabled. */
  denied: string;
  /** The app (and so the caller's permissions) is still loading: no tooltip yet. */
  pending: boolean;
}

interface ActionsProps {
  data: ReleaseDetail;
  /** Without them (a guest's screen), only the install page and the download: no edit or delete. */
  abilities?: ReleaseAbilities;
  onEdit?: () => void;
  onDelete?: () => void;
}

function EditDeleteButtons({ abilities, onEdit, onDelete }: { abilities: ReleaseAbilities; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { canEdit, canDelete, denied, pending } = abilities;
  return (
    <>
      <ReasonButton variant="default" leftSection={<IconEdit size={16} />} onClick={onEdit} unavailable={!canEdit} reason={pending ? undefined : denied}>
        {t('common.edit')}
      </ReasonButton>
      <ReasonButton
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={onDelete}
        unavailable={!canDelete}
        reason={pending ? undefined : denied}
      >
        {t('common.delete')}
      </ReasonButton>
    </>
  );
}

function ReleaseActions({ data, abilities, onEdit, onDelete }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button component="a" href={data.release_url} target="_blank" rel="noopener" variant="light" leftSection={<IconExternalLink size={16} />}>
        {t('release.install_page')}
      </Button>
      <Button component="a" href={local(data.download_url)} leftSection={<IconDownload size={16} />}>
        {t('release.download')}
      </Button>
      {abilities && onEdit && onDelete && <EditDeleteButtons abilities={abilities} onEdit={onEdit} onDelete={onDelete} />}
    </Group>
  );
}

/** The reasons from the API's install_problems (expired profile, expired certificates), with their dates. */
export function InstallProblems({ problems }: { problems: ReleaseDetail['install_problems'] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  if (problems.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('release.install_problems_title')}>
      <List size="sm" spacing={2}>
        {problems.map((problem) => (
          <List.Item key={problem.kind}>
            {t(problem.kind === 'profile_expired' ? 'release.install_problem_profile_expired' : 'release.install_problem_certificate_expired', {
              date: formatDate(problem.expired_at),
            })}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={6}>
        {t('release.install_problems_hint')}
      </Text>
    </Alert>
  );
}

export function ReleaseHeader({ name, archived, ...actions }: ActionsProps & { name: string; archived: boolean }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <ReleaseIdentity data={actions.data} name={name} archived={archived} />
        <ReleaseActions {...actions} />
      </Group>
      <InstallProblems problems={actions.data.install_problems} />
    </Stack>
  );
}
