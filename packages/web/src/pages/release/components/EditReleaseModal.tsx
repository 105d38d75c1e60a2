// Edit a release's versions, type, branch, commit, CI link and changelog (the app's developers
// and admins), on the shared form dialog. Only the fields that changed are sent. The server's rules
// (updateRelease's, from the OpenAPI document) are checked as the user types: a blank Version is
// refused before anything is sent; a 422 puts the server's messages on the fields until they change.
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateRelease } from '../../../api/releases.ts';
import { ruleOf } from '../../../api/rules.ts';
import type { ReleaseChanges, ReleaseDetail } from '../../../api/releases.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFieldRules } from '../../../hooks/useFieldRules.ts';
import { useOnOpen } from '../../../hooks/useOnOpen.ts';
import { useSubmit } from '../../../hooks/useSubmit.ts';

type Field = Exclude<keyof ReleaseChanges, 'changelog' | 'source' | 'custom_fields'>;
const FIELDS: { name: Field; max: number | undefined }[] = (
  ['release_version', 'build_version', 'release_type', 'branch', 'git_commit', 'ci_url'] as const
).map((name) => ({ name, max: ruleOf('updateRelease', name).maxLength }));

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
  const rules = useFieldRules('updateRelease', submit.error);
  const [values, setValues] = useState(() => initial(release));
  useOnOpen(
    opened,
    () => {
      setValues(initial(release));
      submit.setError(undefined);
    },
    [release],
  );

  const original = initial(release);
  const changes = changesOf(values, original);
  // Nothing changed: closing says as much as a request would. A change that breaks a rule is not sent.
  const save = async () => {
    if (Object.keys(changes).length === 0) return undefined;
    rules.check(changes as Record<string, string>);
    return updateRelease(release.id, changes);
  };
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
            onChange={(event) => {
              setValues({ ...values, [name]: event.currentTarget.value });
              rules.changed(name);
            }}
            error={rules.errorOf(name, values[name], values[name].trim() !== original[name])}
            maxLength={max}
            styles={name === 'git_commit' ? monospace : undefined}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label={t('release.fields.changelog')}
        description={t('release.edit.changelog_hint')}
        value={values.changelog}
        onChange={(event) => {
          setValues({ ...values, changelog: event.currentTarget.value });
          rules.changed('changelog');
        }}
        error={rules.errorOf('changelog', values.changelog, false)}
        autosize
        minRows={3}
        maxRows={12}
      />
    </FormModal>
  );
}
