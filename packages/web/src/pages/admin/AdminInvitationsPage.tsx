// /admin/invitations: every invitation by email, for administrators (anyone else gets the 404
// screen). Filter by state (?state=), page (?page=); invite (with app memberships), resend a new
// link, revoke. Who may join at all is on the users page (RegistrationCard).
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMailForward, IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATIONS_KEY, resendInvitation, revokeInvitation, useInvitations } from '../../api/registration.ts';
import type { Invitation, InvitationState } from '../../api/registration.ts';
import { useCurrentUser } from '../../api/session.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ListPagination, QueryBody } from '../../components/ListParts.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { EmptyState } from '../../components/PageState.tsx';
import { useDateFormatter, useTitle } from '../../hooks/page.ts';
import { useListParams } from '../../hooks/useListParams.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { InviteModal } from './InviteModal.tsx';

const STATES: InvitationState[] = ['pending', 'accepted', 'expired', 'revoked'];
const STATE_COLORS: Record<InvitationState, string> = { pending: 'blue', accepted: 'green', expired: 'gray', revoked: 'red' };

function InvitationRow({ invitation, onRevoke }: { invitation: Invitation; onRevoke: (i: Invitation) => void }) {
  const { t } = useTranslation();
  const date = useDateFormatter();
  const submit = useSubmit();
  const open = invitation.state === 'pending' || invitation.state === 'expired';
  const resend = () =>
    void submit.run(() => resendInvitation(invitation.id), {
      invalidate: [INVITATIONS_KEY],
      success: (sent) => (sent.mail_sent ? t('admin.invitations.sent', { email: invitation.email }) : t('admin.invitations.not_sent')),
    });
  const apps = invitation.memberships.map((m) => m.app_name ?? t('admin.invitations.deleted_app')).join(', ');
  return (
    <Table.Tr>
      <Table.Td style={{ wordBreak: 'break-all' }}>{invitation.email}</Table.Td>
      <Table.Td>{t(`admin.roles.${invitation.role}`)}</Table.Td>
      <Table.Td>{apps || '—'}</Table.Td>
      <Table.Td>
        <Badge color={STATE_COLORS[invitation.state]} variant="light">
          {t(`admin.invitations.states.${invitation.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{invitation.invited_by?.username ?? '—'}</Table.Td>
      <Table.Td>{date(invitation.expires_at)}</Table.Td>
      <Table.Td>
        {open && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('admin.invitations.resend')}>
              <ActionIcon variant="subtle" loading={submit.busy} onClick={resend}
                aria-label={t('admin.invitations.resend_to', { email: invitation.email })}>
                <IconMailForward size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('admin.invitations.revoke')}>
              <ActionIcon variant="subtle" color="red" onClick={() => onRevoke(invitation)}
                aria-label={t('admin.invitations.revoke_to', { email: invitation.email })}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function InvitationsTable({ invitations, onRevoke }: { invitations: Invitation[]; onRevoke: (i: Invitation) => void }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('admin.invitations.title')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.invitations.email')}</Table.Th>
            <Table.Th>{t('admin.invitations.role')}</Table.Th>
            <Table.Th>{t('admin.invitations.apps')}</Table.Th>
            <Table.Th>{t('admin.invitations.state')}</Table.Th>
            <Table.Th>{t('admin.invitations.invited_by')}</Table.Th>
            <Table.Th>{t('admin.invitations.expires')}</Table.Th>
            <Table.Th><VisuallyHidden>{t('admin.invitations.actions_column')}</VisuallyHidden></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => <InvitationRow key={invitation.id} invitation={invitation} onRevoke={onRevoke} />)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InvitationsAdmin() {
  const { t } = useTranslation();
  useTitle(t('admin.invitations.title'));
  const list = useListParams();
  const stateParam = list.params.get('state') ?? '';
  const state = (STATES as string[]).includes(stateParam) ? (stateParam as InvitationState) : '';
  const invitations = useInvitations({ state, page: list.page });
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation>();
  const queryClient = useQueryClient();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">{t('admin.invitations.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)}>{t('admin.invitations.invite')}</Button>
      </Group>
      <Select label={t('admin.invitations.state')} w={{ base: '100%', xs: 220 }} allowDeselect={false} value={state}
        data={[{ value: '', label: t('admin.invitations.all_states') }, ...STATES.map((value) => ({ value, label: t(`admin.invitations.states.${value}`) }))]}
        onChange={(value) => list.setParam({ state: value ?? '', page: '' })} />
      <QueryBody query={invitations} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title={t('admin.invitations.empty')} />}>
        {(data) => <InvitationsTable invitations={data.items} onRevoke={setRevoking} />}
      </QueryBody>
      {invitations.data && (
        <ListPagination totalPages={invitations.data.totalPages} page={list.page}
          onChange={(value) => list.setParam({ page: value === 1 ? '' : String(value) })}
          aside={<Text size="sm" c="dimmed">{t('admin.invitations.total', { count: invitations.data.total })}</Text>} />
      )}
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
      <ConfirmModal opened={revoking !== undefined} onClose={() => setRevoking(undefined)} color="red"
        title={t('admin.invitations.revoke_title')} message={t('admin.invitations.revoke_message', { email: revoking?.email ?? '' })}
        confirmLabel={t('admin.invitations.revoke')}
        onConfirm={async () => {
          if (!revoking) return;
          await revokeInvitation(revoking.id);
          await queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
          notifySuccess(t('admin.invitations.revoked'));
        }} />
    </Stack>
  );
}

/** Administrators only; anyone else sees the 404 screen. */
export default function AdminInvitationsPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <InvitationsAdmin /> : <NotFoundPage />;
}
