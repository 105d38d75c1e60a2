// A channel's subscribers tab: the people told by mail of its new builds, with their state
// (pending until they confirm the install page's mail), how they came (the install page or the
// team) and their mail language. The app's admins add (AddSubscriberModal) and remove; others
// see the same controls disabled. When the server sends no mail, a notice says how to set it up.
import { ActionIcon, Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMailOff, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelDetail } from '../../../api/channels.ts';
import { removeSubscriber, subscriberKeys, useSubscribers } from '../../../api/subscribers.ts';
import type { Subscriber } from '../../../api/subscribers.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { ListPagination, PastEndState, QueryBody } from '../../../components/ListParts.tsx';
import { EmptyState } from '../../../components/PageState.tsx';
import { useDateFormatter } from '../../../hooks/page.ts';
import { useSubmit } from '../../../hooks/useSubmit.ts';
import { AddSubscriberModal } from './AddSubscriberModal.tsx';

interface Props {
  channel: ChannelDetail;
  canManage: boolean;
  loadingPermissions: boolean;
}

function SubscriberRows({ items, editable, onRemove }: { items: Subscriber[]; editable: boolean; onRemove: (row: Subscriber) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={t('channel.subscribers.table')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('channel.subscribers.email')}</Table.Th>
            <Table.Th>{t('channel.subscribers.state')}</Table.Th>
            <Table.Th>{t('channel.subscribers.source')}</Table.Th>
            <Table.Th>{t('channel.subscribers.language')}</Table.Th>
            <Table.Th>{t('channel.subscribers.added')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('channel.subscribers.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.state === 'active' ? 'green' : 'yellow'}>
                  {t(`channel.subscribers.states.${row.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`channel.subscribers.sources.${row.source}`)}</Table.Td>
              <Table.Td>{t(`channel.subscribers.locales.${row.locale}`)}</Table.Td>
              <Table.Td>{formatDate(row.created_at)}</Table.Td>
              <Table.Td>
                <Tooltip label={editable ? t('channel.subscribers.remove_one', { email: row.email }) : t('channel.subscribers.admins_only')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={!editable}
                    aria-label={t('channel.subscribers.remove_one', { email: row.email })}
                    onClick={() => onRemove(row)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SubscribersTab({ channel, canManage, loadingPermissions }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useSubscribers(channel.id, page);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Subscriber>();
  const submit = useSubmit();
  const editable = canManage && !loadingPermissions;

  async function remove(row: Subscriber) {
    await submit.run(() => removeSubscriber(channel.id, row.id), {
      invalidate: [subscriberKeys.all(channel.id)],
      success: () => t('channel.subscribers.removed', { email: row.email }),
    });
  }

  return (
    <Stack gap="md" maw={960}>
      {query.data && !query.data.mailConfigured && (
        <Alert color="yellow" icon={<IconMailOff />} title={t('channel.subscribers.no_mail_title')}>
          {t('channel.subscribers.no_mail')} <Code>TARMAC_SMTP_URL</Code>, <Code>TARMAC_MAIL_FROM</Code> ·{' '}
          {t('channel.subscribers.no_mail_docs')} <Code>docs/mail.md</Code>
        </Alert>
      )}
      <Card withBorder padding="md" component="section" aria-labelledby="subscribers-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4" id="subscribers-title">
              {t('channel.subscribers.title')}
              {query.data ? (
                <Text span c="dimmed" size="sm">
                  {' '}({query.data.total})
                </Text>
              ) : null}
            </Title>
            <Button size="xs" leftSection={<IconUserPlus size={14} />} disabled={!editable || channel.app.archived} onClick={() => setAdding(true)}>
              {t('channel.subscribers.add')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('channel.subscribers.description')}
          </Text>
          {!loadingPermissions && !canManage && (
            <Text size="sm" c="dimmed">
              {t('channel.subscribers.admins_only')}
            </Text>
          )}
          <QueryBody
            query={query}
            isEmpty={(data) => data.total === 0}
            empty={<EmptyState title={t('channel.subscribers.empty')} description={t('channel.subscribers.empty_hint')} />}
          >
            {(data) =>
              data.items.length === 0 ? (
                <PastEndState page={page} onFirstPage={() => setPage(1)} />
              ) : (
                <Stack gap="sm">
                  <SubscriberRows items={data.items} editable={editable} onRemove={setRemoving} />
                  <ListPagination totalPages={data.totalPages} page={page} onChange={setPage} />
                </Stack>
              )
            }
          </QueryBody>
        </Stack>
      </Card>
      {canManage && <AddSubscriberModal channel={channel} opened={adding} onClose={() => setAdding(false)} />}
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('channel.subscribers.remove_title')}
        message={t('channel.subscribers.remove_message', { email: removing?.email ?? '', channel: channel.name })}
        confirmLabel={t('channel.subscribers.remove')}
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
    </Stack>
  );
}
