// The audit log's lines on /admin/audit (a row opens its detail) and the detail itself: user agent,
// request id and the details as pretty JSON.
import { Badge, Button, Code, Group, Modal, Paper, SimpleGrid, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '../../api/audit.ts';
import { useDateFormatter } from '../../hooks/page.ts';

export const OUTCOME_COLORS = { success: 'teal', failure: 'red' } as const;

function useLabels() {
  const { t } = useTranslation();
  return {
    action: (event: AuditEvent) => t(`audit.actions.${event.action}`, { defaultValue: event.action }),
    who: (event: AuditEvent) => event.actor_name ?? t('audit.table.nobody'),
    target: (event: AuditEvent) =>
      event.target_type === null ? '' : `${event.target_name ?? ''}${event.target_name ? ' ' : ''}(${event.target_type} ${event.target_id ?? ''})`,
  };
}

export function AuditTable({ events, busy, onOpen }: { events: AuditEvent[]; busy: boolean; onOpen: (event: AuditEvent) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const label = useLabels();
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('audit.table.label')} aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.table.when')}</Table.Th>
              <Table.Th>{t('audit.table.who')}</Table.Th>
              <Table.Th>{t('audit.table.action')}</Table.Th>
              <Table.Th>{t('audit.table.target')}</Table.Th>
              <Table.Th>{t('audit.table.outcome')}</Table.Th>
              <Table.Th>{t('audit.table.ip')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.id} onClick={() => onOpen(event)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  {/* The row's button for the keyboard: the whole row opens the detail for a pointer. */}
                  <UnstyledButton onClick={(click) => { click.stopPropagation(); onOpen(event); }}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }} td="underline">{formatDate(event.occurred_at)}</Text>
                    <VisuallyHidden>{`, ${t('audit.table.open_line', { id: event.id })}`}</VisuallyHidden>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{label.who(event)}</Text>
                  <Text size="xs" c="dimmed">{t(`audit.vias.${event.actor_via}`)}</Text>
                </Table.Td>
                <Table.Td><Text size="sm">{label.action(event)}</Text></Table.Td>
                <Table.Td maw={320}><Text size="sm" style={{ wordBreak: 'break-word' }}>{label.target(event)}</Text></Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLORS[event.outcome]} variant="light">{t(`audit.outcomes.${event.outcome}`)}</Badge>
                </Table.Td>
                <Table.Td><Text size="sm" ff="monospace">{event.ip ?? ''}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>{children}</Text>
    </div>
  );
}

export function AuditDetailModal({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  const label = useLabels();
  const none = t('audit.detail.none');
  const details = event && Object.keys(event.details).length > 0 ? JSON.stringify(event.details, null, 2) : null;
  return (
    <Modal opened={event !== null} onClose={onClose} title={event ? t('audit.detail.title', { id: event.id, action: label.action(event) }) : ''} size="lg">
      {event && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Field label={t('audit.detail.when')}>{formatDate(event.occurred_at)}</Field>
            <Field label={t('audit.detail.outcome')}>
              <Badge color={OUTCOME_COLORS[event.outcome]} variant="light">{t(`audit.outcomes.${event.outcome}`)}</Badge>
            </Field>
            <Field label={t('audit.detail.who')}>{label.who(event)}{event.actor_id !== null ? ` (#${event.actor_id})` : ''}</Field>
            <Field label={t('audit.detail.how')}>{t(`audit.vias.${event.actor_via}`)}</Field>
            <Field label={t('audit.detail.target')}>{label.target(event) || none}</Field>
            <Field label={t('audit.detail.ip')}>{event.ip ?? none}</Field>
            <Field label={t('audit.detail.user_agent')}>{event.user_agent ?? none}</Field>
            <Field label={t('audit.detail.request_id')}>{event.request_id ? <Code>{event.request_id}</Code> : none}</Field>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="md">{t('audit.detail.details')}</Text>
          {details ? (
            <Code block role="region" aria-label={t('audit.detail.details')} tabIndex={0} style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
              {details}
            </Code>
          ) : (
            <Text size="sm">{none}</Text>
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>{t('audit.detail.close')}</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
