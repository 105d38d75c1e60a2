// The team's dialogs: add someone (found by the start of their username or their whole email,
// never a list of everyone) with a role, and hand the app's ownership to someone on the team.
import { Alert, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCollaborator, appKeys, COLLABORATOR_ROLES, transferApp, useCandidates } from '../../api/apps.ts';
import type { AppDetail, CollaboratorRole } from '../../api/apps.ts';
import { fieldError } from '../../api/error-text.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOnOpen } from '../../hooks/useOnOpen.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';

/** The shortest search the server answers (a username's start; an email is always longer). */
const CANDIDATE_QUERY_MIN = 3;

export function useRoleOptions() {
  const { t } = useTranslation();
  return COLLABORATOR_ROLES.map((role) => ({ value: role, label: t(`apps.role.${role}`) }));
}

interface CandidateSelectProps {
  appId: number;
  opened: boolean;
  userId: string | null;
  setUserId: (userId: string | null) => void;
  error: string | undefined;
}

/** Finds people to add as the user types; says why nobody is listed yet. */
function CandidateSelect({ appId, opened, userId, setUserId, error }: CandidateSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = debounced.trim();
  const searchable = query.length >= CANDIDATE_QUERY_MIN;
  const candidates = useCandidates(appId, query, opened && searchable);
  useOnOpen(opened, () => setSearch(''));

  const options = (searchable ? (candidates.data ?? []) : []).map((user) => ({ value: String(user.id), label: `${user.username} <${user.email}>` }));
  // Keep the chosen user listed while the search moves on.
  const chosen = userId && !options.some((option) => option.value === userId) ? [{ value: userId, label: search }] : [];
  const nothingFound =
    search.trim().length < CANDIDATE_QUERY_MIN
      ? t('apps.collaborators.type_more', { min: CANDIDATE_QUERY_MIN })
      : candidates.isFetching || !searchable
        ? t('common.loading')
        : t('apps.collaborators.nobody');
  return (
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
      nothingFoundMessage={nothingFound}
      error={error}
      data-autofocus
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function AddCollaboratorModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<CollaboratorRole>('member');
  const submit = useSubmit();

  useOnOpen(opened, () => {
    setUserId(null);
    setRole('member');
    submit.setError(undefined);
  });

  const add = submit.handler(() => addCollaborator(app.id, Number(userId), role), {
    invalidate: [appKeys.all],
    success: (added) => t('apps.collaborators.added', { name: added.username, role: t(`apps.role.${added.role}`) }),
    onDone: onClose,
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('apps.collaborators.add_title')}
      onSubmit={(event) => {
        if (userId) return add(event);
        event.preventDefault();
        submit.setError(new Error(t('apps.collaborators.pick_user')));
      }}
      busy={submit.busy}
      error={submit.error}
      submitLabel={t('apps.collaborators.add')}
    >
      <CandidateSelect appId={app.id} opened={opened} userId={userId} setUserId={setUserId} error={fieldError(submit.error, 'user_id')} />
      <Select label={t('apps.collaborators.role')} data={roles} value={role} onChange={(value) => value && setRole(value)} allowDeselect={false} />
      <Text size="xs" c="dimmed">
        {t(`apps.role_help.${role}`)}
      </Text>
    </FormModal>
  );
}

export function TransferModal({ app, opened, onClose }: { app: AppDetail; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const submit = useSubmit();
  const others = app.collaborators.filter((collaborator) => !collaborator.owner);

  useOnOpen(opened, () => {
    setUserId(null);
    submit.setError(undefined);
  });

  const transfer = submit.handler(() => transferApp(app.id, Number(userId)), {
    invalidate: [appKeys.all],
    success: (updated) => t('apps.collaborators.transferred', { name: updated.owner?.username ?? '' }),
    onDone: onClose,
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('apps.collaborators.transfer_title')}
      onSubmit={(event) => (userId ? transfer(event) : event.preventDefault())}
      busy={submit.busy}
      error={submit.error}
      submitLabel={t('apps.collaborators.transfer')}
      submitColor="orange"
      submitDisabled={!userId}
    >
      <Text size="sm">{t('apps.collaborators.transfer_help')}</Text>
      {others.length === 0 ? (
        <Alert color="yellow">{t('apps.collaborators.transfer_nobody')}</Alert>
      ) : (
        <Select
          label={t('apps.collaborators.new_owner')}
          data={others.map((collaborator) => ({ value: String(collaborator.id), label: `${collaborator.username} <${collaborator.email}>` }))}
          value={userId}
          onChange={setUserId}
          error={fieldError(submit.error, 'user_id')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </FormModal>
  );
}
