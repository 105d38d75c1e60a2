// An app's team: everyone on it with their role and the owner badge; the app's admins add
// people (found by the start of their username or their whole email), change roles and remove people; the
// owner or a global admin hands ownership to someone on the team.
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCrown, IconTransfer, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addCollaborator, appKeys, COLLABORATOR_ROLES, removeCollaborator, transferApp, updateCollaborator, useCandidates } from '../../api/apps.ts';
import type { AppDetail, Collaborator, CollaboratorRole } from '../../api/apps.ts';
import { fieldError } from '../../api/client.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { FormError } from '../../components/FormError.tsx';

/** The shortest search the server answers (a username's start; an email is always longer). */
const CANDIDATE_QUERY_MIN = 3;

function useRoleOptions() {
  const { t } = useTranslation();
  return COLLABORATOR_ROLES.map((role) => ({ value: role, label: t(`apps.role.${role}`) }));
}

function AddCollaboratorModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useRoleOptions();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<CollaboratorRole>('member');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  // The server finds people only by a whole email or the first 3+ characters of a username.
  const query = debounced.trim();
  const searchable = query.length >= CANDIDATE_QUERY_MIN;
  const candidates = useCandidates(app.id, query, opened && searchable);

  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setUserId(null);
    setRole('member');
    setError(undefined);
  }, [opened]);

  const options = (searchable ? (candidates.data ?? []) : []).map((user) => ({ value: String(user.id), label: `${user.username} <${user.email}>` }));
  // Keep the chosen user listed while the search moves on.
  const chosen = userId && !options.some((option) => option.value === userId) ? [{ value: userId, label: search }] : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId) {
      setError(new Error(t('apps.collaborators.pick_user')));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const added = await addCollaborator(app.id, Number(userId), role);
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t('apps.collaborators.added', { name: added.username, role: t(`apps.role.${added.role}`) }));
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={t('apps.collaborators.add_title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Select
            label={t('apps.collaborators.user')}
            description={t('apps.collaborators.user_help')}
            placeholder={t('apps.collaborators.user_placeholder')}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={[...chosen, ...options]}
            value={userId}
            onChange={setUserId}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              search.trim().length < CANDIDATE_QUERY_MIN
                ? t('apps.collaborators.type_more', { min: CANDIDATE_QUERY_MIN })
                : candidates.isFetching || !searchable
                  ? t('common.loading')
                  : t('apps.collaborators.nobody')
            }
            error={fieldError(error, 'user_id')}
            data-autofocus
            data-testid="candidate-select"
            comboboxProps={{ withinPortal: true }}
          />
          <Select label={t('apps.collaborators.role')} data={roles} value={role} onChange={(value) => value && setRole(value)} allowDeselect={false} />
          <Text size="xs" c="dimmed">
            {t(`apps.role_help.${role}`)}
          </Text>
          <FormError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="add-collaborator-submit">
              {t('apps.collaborators.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TransferModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const others = app.collaborators.filter((collaborator) => !collaborator.owner);

  useEffect(() => {
    if (opened) {
      setUserId(null);
      setError(undefined);
    }
  }, [opened]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId) return;
    setBusy(true);
    setError(undefined);
    try {
      const updated = await transferApp(app.id, Number(userId));
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t('apps.collaborators.transferred', { name: updated.owner?.username ?? '' }));
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={t('apps.collaborators.transfer_title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Text size="sm">{t('apps.collaborators.transfer_help')}</Text>
          {others.length === 0 ? (
            <Alert color="yellow">{t('apps.collaborators.transfer_nobody')}</Alert>
          ) : (
            <Select
              label={t('apps.collaborators.new_owner')}
              data={others.map((collaborator) => ({ value: String(collaborator.id), label: `${collaborator.username} <${collaborator.email}>` }))}
              value={userId}
              onChange={setUserId}
              error={fieldError(error, 'user_id')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <FormError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={busy} disabled={!userId}>
              {t('apps.collaborators.transfer')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function CollaboratorsCard({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const roles = useRoleOptions();
  const [adding, setAdding] = useState(false);
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
    <Card withBorder padding="md" data-testid="collaborators">
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
              <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setAdding(true)} data-testid="add-collaborator">
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
              <Group
                key={collaborator.id}
                component="li"
                justify="space-between"
                gap="xs"
                py="xs"
                wrap="wrap"
                style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                data-testid={`collaborator-${collaborator.username}`}
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
                      onChange={(value) => value && void changeRole(collaborator, value)}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                    />
                  ) : (
                    <Badge variant="light">{t(`apps.role.${collaborator.role}`)}</Badge>
                  )}
                  {manage &&
                    (collaborator.owner ? (
                      <Tooltip label={t('apps.collaborators.owner_stays')}>
                        <ActionIcon variant="subtle" color="gray" data-disabled aria-disabled="true" aria-label={t('apps.collaborators.owner_stays')} onClick={(event) => event.preventDefault()}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      <ActionIcon variant="subtle" color="red" aria-label={t('apps.collaborators.remove_user', { name: collaborator.username })} onClick={() => setRemoving(collaborator)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    ))}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {manage && <AddCollaboratorModal app={app} opened={adding} onClose={() => setAdding(false)} />}
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
