// Edit a release's versions, type, branch, commit, CI link and changelog (the app's developers
// and admins). Only the fields that changed are sent; a 422 puts the server's messages on them.
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/client.ts';
import { updateRelease } from '../../../api/releases.ts';
import type { ReleaseChanges, ReleaseDetail } from '../../../api/releases.ts';

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

export function EditReleaseModal({ release, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initial(release));
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const original = initial(release);

  function close() {
    if (busy) return;
    setValues(initial(release));
    setError(null);
    onClose();
  }

  async function save() {
    const changes: ReleaseChanges = {};
    for (const { name } of FIELDS) if (values[name].trim() !== original[name]) changes[name] = values[name].trim();
    if (values.changelog.trim() !== original.changelog.trim()) changes.changelog = values.changelog;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const updated = await updateRelease(release.id, changes);
      onSaved(updated);
      setBusy(false);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
      setBusy(false);
    }
  }

  const fieldNames = [...FIELDS.map((field) => field.name), 'changelog'];
  const general = error && !fieldNames.some((name) => fieldError(error, name)) ? error.message : undefined;

  return (
    <Modal opened={opened} onClose={close} title={t('release.edit.title', { version: release.version })} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELDS.map(({ name, max }) => (
              <TextInput
                key={name}
                label={t(`release.fields.${name}`)}
                value={values[name]}
                onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
                error={fieldError(error, name)}
                maxLength={max}
                styles={name === 'git_commit' ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
              />
            ))}
          </SimpleGrid>
          <Textarea
            label={t('release.fields.changelog')}
            description={t('release.edit.changelog_hint')}
            value={values.changelog}
            onChange={(event) => setValues({ ...values, changelog: event.currentTarget.value })}
            error={fieldError(error, 'changelog')}
            autosize
            minRows={3}
            maxRows={12}
          />
          {general && (
            <Alert color="red" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
