// A hook's delivery log in a drawer: newest first, each delivery's event, title and state, and
// every attempt (time, HTTP status, duration, error, the start of the answer); Redeliver sends the
// same body again as a new delivery. Polled while a delivery is pending.
import { Badge, Button, Code, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeliver, useDeliveries, webhookKeys } from '../../api/webhooks.ts';
import type { Delivery, Webhook } from '../../api/webhooks.ts';
import { ListPagination, QueryBody } from '../../components/ListParts.tsx';
import { EmptyState } from '../../components/PageState.tsx';
import { useDateFormatter } from '../../hooks/page.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { useHookName } from './WebhookEditor.tsx';

const STATE_COLORS = { pending: 'blue', delivered: 'teal', failed: 'red' } as const;

function Attempt({ attempt }: { attempt: Delivery['attempts'][number] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const status = attempt.status === null ? t('webhooks.no_status') : `HTTP ${attempt.status}`;
  return (
    <Stack gap={2} role="listitem">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('webhooks.attempt', { number: attempt.number })}
        </Text>
        <Badge size="sm" variant="light" tt="none" color={attempt.ok ? 'teal' : 'red'}>
          {t('webhooks.attempt_line', { status, duration: attempt.duration_ms })}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDate(attempt.at)}
        </Text>
      </Group>
      {attempt.error && (
        <Text size="sm" c="var(--mantine-color-error)" style={{ wordBreak: 'break-word' }}>
          {attempt.error}
        </Text>
      )}
      {attempt.response_excerpt && (
        <Code block style={{ maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {attempt.response_excerpt}
        </Code>
      )}
    </Stack>
  );
}

function DeliveryCard({ hook, delivery }: { hook: Webhook; delivery: Delivery }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const submit = useSubmit();
  const again = () =>
    void submit.run(() => redeliver(hook.id, delivery.id), {
      invalidate: [webhookKeys.all],
      success: () => t('webhooks.redelivered', { title: delivery.title }),
    });
  return (
    <Paper withBorder p="sm" component="article" aria-label={delivery.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge color={STATE_COLORS[delivery.state]}>{t(`webhooks.delivery_states.${delivery.state}`)}</Badge>
              <Badge variant="outline" color="gray">
                {t(`webhooks.events.${delivery.event}`)}
              </Badge>
            </Group>
            <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {delivery.title}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(delivery.created_at)}
              {delivery.next_attempt_at ? ` · ${t('webhooks.next_attempt', { at: formatDate(delivery.next_attempt_at) })}` : ''}
            </Text>
          </Stack>
          {hook.editable && delivery.state !== 'pending' && (
            <Button size="xs" variant="light" leftSection={<IconRepeat size={14} />} loading={submit.busy} onClick={again}
              aria-label={t('webhooks.redeliver_delivery', { title: delivery.title })}>
              {t('webhooks.redeliver')}
            </Button>
          )}
        </Group>
        {delivery.attempts.length > 0 && (
          <Stack gap="xs" role="list" aria-label={t('webhooks.attempts')}>
            {delivery.attempts.map((attempt) => (
              <Attempt key={attempt.number} attempt={attempt} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function DeliveriesDrawer({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useHookName();
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(hook?.id ?? null, page);
  return (
    <Drawer opened={hook !== null} onClose={onClose} position="right" size="lg" title={hook ? t('webhooks.deliveries_title', { name: name(hook) }) : ''}>
      {hook && (
        <Stack>
          <QueryBody
            query={deliveries}
            isEmpty={(data) => data.items.length === 0}
            empty={<EmptyState title={t('webhooks.deliveries_empty')} description={t('webhooks.deliveries_empty_hint')} />}
          >
            {(data) => data.items.map((delivery) => <DeliveryCard key={delivery.id} hook={hook} delivery={delivery} />)}
          </QueryBody>
          {deliveries.data && <ListPagination totalPages={deliveries.data.totalPages} page={page} onChange={setPage} />}
        </Stack>
      )}
    </Drawer>
  );
}
