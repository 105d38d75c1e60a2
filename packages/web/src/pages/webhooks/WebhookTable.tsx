// A list of webhooks: each one's service and name, masked URL (and "Shared" for a shared hook
// seen from a channel), its events, where it posts (the admin screen), whether it is enabled, its
// last delivery, and what the caller may do with it: send a test, see its deliveries, edit, delete.
import { ActionIcon, Badge, Group, Menu, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEdit, IconHistory, IconSend, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '../../api/webhooks.ts';
import { useDateFormatter } from '../../hooks/page.ts';
import { ProviderIcon } from './providers.tsx';
import { useHookName } from './WebhookEditor.tsx';

export type HookAction = 'edit' | 'test' | 'deliveries' | 'delete';

const DELIVERY_COLORS = { pending: 'blue', delivered: 'teal', failed: 'red' } as const;

/** Whether the caller may read the hook's delivery log: its managers, and a channel hook's team. */
export function canSeeDeliveries(hook: Webhook): boolean {
  return hook.editable || !hook.shared;
}

function HookMenu({ hook, onAction }: { hook: Webhook; onAction: (kind: HookAction, hook: Webhook) => void }) {
  const { t } = useTranslation();
  const name = useHookName()(hook);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canSeeDeliveries(hook) && (
        <Tooltip label={t('webhooks.deliveries')}>
          <ActionIcon variant="subtle" aria-label={t('webhooks.deliveries_hook', { name })} onClick={() => onAction('deliveries', hook)}>
            <IconHistory size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {hook.editable && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('webhooks.actions_hook', { name })}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconSend size={16} />} onClick={() => onAction('test', hook)}>
              {t('webhooks.test')}
            </Menu.Item>
            <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onAction('edit', hook)}>
              {t('webhooks.edit')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('delete', hook)}>
              {t('common.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

function LastDelivery({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const last = hook.last_delivery;
  if (!last) return <Text size="sm" c="dimmed">{t('webhooks.never')}</Text>;
  return (
    <Stack gap={2}>
      <Badge variant="light" color={DELIVERY_COLORS[last.state]}>
        {t(`webhooks.delivery_states.${last.state}`)}
        {last.status === null ? '' : ` · ${last.status}`}
      </Badge>
      <Text size="xs" c="dimmed">
        {formatDate(last.at)}
      </Text>
    </Stack>
  );
}

interface RowProps {
  hook: Webhook;
  showChannels: boolean;
  onAction: (kind: HookAction, hook: Webhook) => void;
}

function HookRow({ hook, showChannels, onAction }: RowProps) {
  const { t } = useTranslation();
  const name = useHookName()(hook);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ProviderIcon provider={hook.provider} size={20} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={500}>{name}</Text>
              {hook.shared && !showChannels && (
                <Badge size="xs" variant="outline">
                  {t('webhooks.shared')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {hook.url_masked}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{hook.events.map((event) => t(`webhooks.events.${event}`)).join(', ')}</Text>
      </Table.Td>
      {showChannels && (
        <Table.Td>
          <Text size="sm">
            {hook.channels.length <= 2
              ? hook.channels.map((channel) => `${channel.app_name} · ${channel.scheme_name} · ${channel.name}`).join(', ')
              : t('webhooks.channels_count', { count: hook.channels.length })}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <Badge variant="light" color={hook.enabled ? 'teal' : 'gray'}>
          {hook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <LastDelivery hook={hook} />
      </Table.Td>
      <Table.Td>
        <HookMenu hook={hook} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}

export function WebhookTable(props: { hooks: Webhook[]; showChannels?: boolean; onAction: (kind: HookAction, hook: Webhook) => void }) {
  const { hooks, showChannels = false, onAction } = props;
  const { t } = useTranslation();
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={showChannels ? 860 : 720}>
        <Table verticalSpacing="sm" aria-label={t('webhooks.table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.table.hook')}</Table.Th>
              <Table.Th>{t('webhooks.table.events')}</Table.Th>
              {showChannels && <Table.Th>{t('webhooks.table.channels')}</Table.Th>}
              <Table.Th>{t('webhooks.table.state')}</Table.Th>
              <Table.Th>{t('webhooks.table.last')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('webhooks.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hooks.map((hook) => (
              <HookRow key={hook.id} hook={hook} showChannels={showChannels} onAction={onAction} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
