// /debug-files/:id — one dSYM or Proguard zip: what it is filed under (versions, channel, the
// build with the same versions), every entry a crash reporter matches (objects, architectures,
// UUIDs, or the mapping's ids and files), a download, and a delete for the app's developers and
// admins, confirmed first.
import { Anchor, Badge, Breadcrumbs, Button, Card, Code, DataList, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { deleteDebugFile, releasePath, useDebugFile, versionLabel } from '../../api/debugFiles.ts';
import type { DebugFile } from '../../api/debugFiles.ts';
import { notifySuccess } from '../../components/notify.ts';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { formatBytes } from '../../format.ts';
import { useDateFormatter, useTitle } from '../../hooks.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <DataList size="sm" labelWidth="35%" withDivider>
      {shown.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ wordBreak: 'break-word', minWidth: 0 }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

function DsymEntries({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={t('debug_files.detail.entries')} data-testid="debug-file-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('debug_files.detail.object')}</Table.Th>
            <Table.Th>{t('debug_files.detail.arch')}</Table.Th>
            <Table.Th>{t('debug_files.detail.uuid')}</Table.Th>
            <Table.Th>{t('debug_files.detail.bundle')}</Table.Th>
            <Table.Th>{t('debug_files.detail.size')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.metadata.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {entry.name}
                  </Text>
                  <Badge size="xs" variant={entry.extension ? 'outline' : 'filled'} color={entry.extension ? 'gray' : 'blue'} tt="none">
                    {entry.extension ? t('debug_files.detail.extension') : t('debug_files.detail.main')}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray" tt="none">
                  {entry.arch}
                </Badge>
              </Table.Td>
              <Table.Td>{entry.uuid ? <Code>{entry.uuid}</Code> : <Text size="sm" c="dimmed">{t('debug_files.no_uuid')}</Text>}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {entry.bundle_name}
                </Text>
                {entry.bundle_id && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {entry.bundle_id}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(entry.size)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProguardEntries({ file }: { file: DebugFile }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="debug-file-entries">
      {file.metadata.map((entry) => (
        <Stack key={entry.id} gap="sm">
          <Facts
            facts={[
              [t('debug_files.detail.debug_id'), entry.uuid && <Code>{entry.uuid}</Code>],
              [t('debug_files.detail.zealot_id'), entry.zealot_uuid && <Code>{entry.zealot_uuid}</Code>],
              [t('debug_files.detail.package'), entry.package_name ?? t('debug_files.detail.no_package')],
              [t('debug_files.detail.mapping_size'), formatBytes(entry.size)],
            ]}
          />
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} aria-label={t('debug_files.detail.files')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('debug_files.detail.files')}</Table.Th>
                  <Table.Th>{t('debug_files.detail.size')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(entry.files ?? []).map((item) => (
                  <Table.Tr key={item.name}>
                    <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {item.name}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(item.size)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </Stack>
  );
}

export default function DebugFilePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const query = useDebugFile(id);
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const data = query.data;
  useTitle(data ? `${data.name ?? data.file_name} ${versionLabel(data) ?? ''}`.trim() : t('debug_files.detail.title'));

  if (!Number.isInteger(id) || id < 1) return <ErrorState error={new Error(t('debug_files.detail.not_found'))} />;
  if (query.isPending) return <PageLoader />;
  if (query.error) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <ErrorState error={notFound ? new Error(t('debug_files.detail.not_found')) : query.error} onRetry={() => void query.refetch()} />;
  }
  if (!data) return null;

  const listPath = `/debug-files?app=${data.app_id}`;
  const release = releasePath(data);
  const canDelete = data.permissions?.delete ?? false;

  async function remove() {
    const deleted = data!;
    await deleteDebugFile(deleted.id);
    // Only the lists: refetching (or dropping) this screen's query would ask for the deleted file.
    void queryClient.invalidateQueries({ queryKey: ['debug-files', 'list'] });
    void navigate(listPath, { replace: true });
    notifySuccess(t('debug_files.detail.deleted', { name: deleted.name ?? deleted.file_name }));
  }

  return (
    <Stack gap="md">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }} aria-label={t('debug_files.detail.breadcrumbs')}>
        <Anchor component={Link} to={listPath} size="sm">
          {t('debug_files.title')}
        </Anchor>
        <Anchor component={Link} to={`/apps/${data.app_id}`} size="sm">
          {data.app_name}
        </Anchor>
        <Text size="sm">{versionLabel(data) ?? t('debug_files.list.no_version')}</Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} style={{ wordBreak: 'break-word' }} data-testid="debug-file-title">
            {data.name ?? data.file_name}
          </Title>
          {data.bundle_id && (
            <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
              {data.bundle_id}
            </Text>
          )}
          <Group gap={6}>
            <Badge variant="filled" color={data.category === 'dSYM' ? 'blue' : 'green'} tt="none">
              {data.category}
            </Badge>
            <Badge variant="light" tt="none" data-testid="debug-file-version">
              {versionLabel(data) ?? t('debug_files.list.no_version')}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {t(`apps.device.${data.device_type}`, { defaultValue: data.device_type })}
            </Badge>
            {data.archs.map((arch) => (
              <Badge key={arch} variant="outline" color="gray" tt="none">
                {arch}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button component="a" href={`/download/debug_files/${data.id}`} leftSection={<IconDownload size={16} />} data-testid="download-debug-file">
            {t('debug_files.detail.download')}
          </Button>
          <Tooltip label={t('debug_files.detail.not_allowed')} disabled={canDelete}>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} disabled={!canDelete} data-testid="delete-debug-file">
              {t('common.delete')}
            </Button>
          </Tooltip>
        </Group>
      </Group>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={4}>{t('debug_files.detail.overview')}</Title>
          <Facts
            facts={[
              [t('debug_files.detail.category'), data.category],
              [t('debug_files.detail.release_version'), data.release_version],
              [t('debug_files.detail.build_version'), data.build_version],
              [
                t('debug_files.detail.release'),
                release && data.release ? (
                  <Anchor component={Link} to={release} size="sm" data-testid="debug-file-release">
                    {t('debug_files.list.build', { version: data.release.version })}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('debug_files.detail.no_release')}
                  </Text>
                ),
              ],
              [
                t('debug_files.detail.channel'),
                data.channel ? (
                  <Anchor component={Link} to={`/apps/${data.app_id}/channels/${data.channel.id}`} size="sm">
                    {data.channel.name}
                  </Anchor>
                ) : null,
              ],
              [t('debug_files.detail.file_name'), data.file_name],
              [t('debug_files.detail.size'), formatBytes(data.file_size)],
              [t('debug_files.detail.checksum'), <Code key="sha">{data.checksum}</Code>],
              [t('debug_files.detail.uploaded'), `${formatDate(data.created_at)}${data.uploader ? ` · ${data.uploader.username}` : ''}`],
            ]}
          />
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={4}>{data.category === 'dSYM' ? t('debug_files.detail.slices', { count: data.metadata.length }) : t('debug_files.detail.mapping')}</Title>
          <Text size="sm" c="dimmed">
            {data.category === 'dSYM' ? t('debug_files.detail.slices_hint') : t('debug_files.detail.mapping_hint')}
          </Text>
          {data.category === 'dSYM' ? <DsymEntries file={data} /> : <ProguardEntries file={data} />}
        </Stack>
      </Card>

      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('debug_files.detail.delete_title')}
        message={t('debug_files.detail.delete_message', { name: data.name ?? data.file_name, version: versionLabel(data) ?? t('debug_files.list.no_version') })}
        confirmLabel={t('common.delete')}
        onConfirm={remove}
      />
    </Stack>
  );
}
