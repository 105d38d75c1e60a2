// An app's team: everyone on it with their role and the owner badge; the app's admins add
// people, change roles and remove people; the owner or a global admin hands ownership to
// someone on the team (the dialogs are in CollaboratorModals.tsx).
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCrown, IconMail, IconTransfer, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appKeys, removeCollaborator, updateCollaborator } from '../../api/apps.ts';
import type { AppDetail, Collaborator, CollaboratorRole } from '../../api/apps.ts';
import { useCurrentUser } from '../../api/session.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { AddCollaboratorModal, TransferModal, useRoleOptions } from './CollaboratorModals.tsx';
import { InviteModal } from '../admin/InviteModal.tsx';

interface CollaboratorRowProps {
  collaborator: Collaborator;
  first: boolean;
  manage: boolean;
  onRole: (collaborator: Collaborator, role: CollaboratorRole) => Promise<void>;
  onRemove: (collaborator: Collaborator) => void;
}

/** One person on the team: name, email, badges, the role (a picker for the app's admins) and removal. */
function CollaboratorRow({ collaborator, first, manage, onRole, onRemove }: CollaboratorRowProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const roles = useRoleOptions();
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      py="xs"
      wrap="wrap"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {collaborator.username}
          </Text>
          {collaborator.owner && (
            <Badge size="sm" color="yellow" variant="light" leftSection={<IconCrown size={12} />}>
              {t('apps.collaborators.owner')}
            </Badge>
          )}
          {collaborator.id === me.id && (
            <Badge size="sm" variant="outline">
              {t('apps.collaborators.you')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {collaborator.email}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {manage && !collaborator.owner ? (
          <Select
            size="xs"
            w={130}
            aria-label={t('apps.collaborators.role_of', { name: collaborator.username })}
            data={roles}
            value={collaborator.role}
            onChange={(value) => value && void onRole(collaborator, value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Badge variant="light">{t(`apps.role.${collaborator.role}`)}</Badge>
        )}
        {manage &&
          (collaborator.owner ? (
            <Tooltip label={t('apps.collaborators.owner_stays')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                data-disabled
                aria-disabled="true"
                aria-label={t('apps.collaborators.owner_stays')}
                onClick={(event) => event.preventDefault()}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('apps.collaborators.remove_user', { name: collaborator.username })}
              onClick={() => onRemove(collaborator)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          ))}
      </Group>
    </Group>
  );
}

export function CollaboratorsCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [removing, setRemoving] = useState<Collaborator>();
  const manage = app.permissions.manage_collaborators;

  async function changeRole(collaborator: Collaborator, role: CollaboratorRole) {
    if (role === collaborator.role) return;
    try {
      await updateCollaborator(app.id, collaborator.id, role);
      notifySuccess(t('apps.collaborators.role_changed', { name: collaborator.username, role: t(`apps.role.${role}`) }));
    } catch (error) {
      notifyError(error);
    }
    await queryClient.invalidateQueries({ queryKey: appKeys.all });
  }

  async function remove(collaborator: Collaborator) {
    await removeCollaborator(app.id, collaborator.id);
    notifySuccess(t('apps.collaborators.removed', { name: collaborator.username }));
    // Someone who removed themselves (and is no global admin) can no longer see the app.
    if (collaborator.id === me.id && me.role !== 'admin') {
      void navigate('/apps', { replace: true });
      await queryClient.invalidateQueries({ queryKey: appKeys.lists });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: appKeys.all });
  }

  return (
    <Card withBorder padding="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('apps.collaborators.title')}{' '}
            <Text span c="dimmed" size="sm">
              ({app.collaborators.length})
            </Text>
          </Title>
          <Group gap="xs">
            {app.permissions.transfer && (
              <Button variant="default" size="xs" leftSection={<IconTransfer size={14} />} onClick={() => setTransferring(true)}>
                {t('apps.collaborators.transfer')}
              </Button>
            )}
            {manage && (
              <Button variant="default" size="xs" leftSection={<IconMail size={14} />} onClick={() => setInviting(true)}>
                {t('admin.invitations.invite_by_email')}
              </Button>
            )}
            {manage && (
              <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setAdding(true)}>
                {t('apps.collaborators.add')}
              </Button>
            )}
          </Group>
        </Group>
        {app.collaborators.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('apps.collaborators.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('apps.collaborators.title')}>
            {app.collaborators.map((collaborator, index) => (
              <CollaboratorRow
                key={collaborator.id}
                collaborator={collaborator}
                first={index === 0}
                manage={manage}
                onRole={changeRole}
                onRemove={setRemoving}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {manage && <AddCollaboratorModal app={app} opened={adding} onClose={() => setAdding(false)} />}
      {manage && <InviteModal app={app} opened={inviting} onClose={() => setInviting(false)} />}
      {app.permissions.transfer && <TransferModal app={app} opened={transferring} onClose={() => setTransferring(false)} />}
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('apps.collaborators.remove_title')}
        message={
          removing?.id === me.id
            ? t('apps.collaborators.remove_self', { app: app.name })
            : t('apps.collaborators.remove_message', { name: removing?.username ?? '', app: app.name })
        }
        confirmLabel={t('apps.collaborators.remove')}
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
    </Card>
  );
}
