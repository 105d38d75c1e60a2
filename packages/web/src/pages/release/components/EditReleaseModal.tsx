// Edit a release's versions, type, branch, commit, CI link and changelog (the app's developers
// and admins), on the shared form dialog. Only the fields that changed are sent; a 422 puts the
// server's messages on them.
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/client.ts';
import { updateRelease } from '../../../api/releases.ts';
import type { ReleaseChanges, ReleaseDetail } from '../../../api/releases.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useOnOpen } from '../../../hooks/useOnOpen.ts';
import { useSubmit } from '../../../hooks/useSubmit.ts';

type Field = Exclude<keyof ReleaseChanges, 'changelog' | 'source' | 'custom_fields'>;
const FIELDS: { name: Field; max: number }[] = [
  { name: 'release_version', max: 255 },
  { name: 'build_version', max: 255 },
  { name: 'release_type', max: 64 },
  { name: 'branch', max: 255 },
  { name: 'git_commit', max: 255 },
  { name: 'ci_url', max: 1024 },
];

function initial(release: ReleaseDetail): Record<Field | 'changelog', string> {
  return {
    release_version: release.release_version,
    build_version: release.build_version,
    release_type: release.release_type ?? '',
    branch: release.branch ?? '',
    git_commit: release.git_commit ?? '',
    ci_url: release.ci_url ?? '',
    changelog: release.changelog.map((entry) => entry.message).join('\n'),
  };
}

interface Props {
  release: ReleaseDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: (release: ReleaseDetail) => void;
}

/** What differs from the release, text trimmed (the changelog as typed). */
function changesOf(values: Record<Field | 'changelog', string>, original: Record<Field | 'changelog', string>): ReleaseChanges {
  const changes: ReleaseChanges = {};
  for (const { name } of FIELDS) if (values[name].trim() !== original[name]) changes[name] = values[name].trim();
  if (values.changelog.trim() !== original.changelog.trim()) changes.changelog = values.changelog;
  return changes;
}

const FIELD_NAMES = [...FIELDS.map((field) => field.name), 'changelog'];

export function EditReleaseModal({ release, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [values, setValues] = useState(() => initial(release));
  useOnOpen(
    opened,
    () => {
      setValues(initial(release));
      submit.setError(undefined);
    },
    [release],
  );

  const changes = changesOf(values, initial(release));
  // Nothing changed: closing says as much as a request would.
  const save = async () => (Object.keys(changes).length === 0 ? undefined : updateRelease(release.id, changes));
  const done = (updated: ReleaseDetail | undefined) => {
    if (updated) onSaved(updated);
    onClose();
  };
  const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('release.edit.title', { version: release.version })}
      size="lg"
      onSubmit={submit.handler(save, { onDone: done })}
      busy={submit.busy}
      error={submit.error}
      errorFields={FIELD_NAMES}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {FIELDS.map(({ name, max }) => (
          <TextInput
            key={name}
            label={t(`release.fields.${name}`)}
            value={values[name]}
            onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
            error={fieldError(submit.error, name)}
            maxLength={max}
            styles={name === 'git_commit' ? monospace : undefined}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label={t('release.fields.changelog')}
        description={t('release.edit.changelog_hint')}
        value={values.changelog}
        onChange={(event) => setValues({ ...values, changelog: event.currentTarget.value })}
        error={fieldError(submit.error, 'changelog')}
        autosize
        minRows={3}
        maxRows={12}
      />
    </FormModal>
  );
}
