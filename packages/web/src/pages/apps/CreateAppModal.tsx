// A new app with its schemes and channels, in one request: POST /api/apps creates them in one
// transaction, so either everything exists afterwards or nothing does. The dialog starts from the
// preset schemes an administrator set (GET /api/apps/presets, read at each opening); without
// presets it suggests one scheme with an Android and an iOS channel, and says so. The user removes,
// adds and reorders schemes and channels before creating; the app gets exactly what the dialog shows.
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { appKeys, createApp, useAppPresets } from '../../api/apps.ts';
import { fieldError } from '../../api/error-text.ts';
import { useCurrentUser } from '../../api/session.ts';
import { FormError } from '../../components/FormError.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { NameInput } from './NameInput.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { platformName } from '../../platforms.ts';
import { channelDraft, fromDrafts, schemeDraft, SchemesEditor, toDrafts } from './SchemesEditor.tsx';
import type { SchemeDraft } from './SchemesEditor.tsx';

const NAME_MAX = 255;

/** Where the schemes came from, in a sentence under the heading; admins get a link to the settings. */
function PresetsNote({ preset }: { preset: boolean }) {
  const { t } = useTranslation();
  const admin = useCurrentUser().role === 'admin';
  if (preset) return <Text size="xs" c="dimmed">{t('apps.create.from_presets')}</Text>;
  return (
    <Text size="xs" c="dimmed" data-testid="no-presets">
      {t('apps.create.no_presets')}{' '}
      {admin ? (
        <Anchor component={Link} to="/admin/settings" size="xs" underline="always">{t('apps.create.set_presets')}</Anchor>
      ) : (
        t('apps.create.ask_admin')
      )}
    </Text>
  );
}

/** The presets as drafts, made once per answer (stable keys until the user edits them). */
function usePresetDrafts(opened: boolean) {
  const { t } = useTranslation();
  const presets = useAppPresets(opened);
  const { data } = presets;
  const drafts = useMemo(() => {
    if (!data) return [];
    if (data.schemes.length > 0) return toDrafts(data.schemes);
    return [schemeDraft(t('apps.create.default_scheme'), [channelDraft('android'), channelDraft('ios')])];
  }, [data, t]);
  return { drafts, preset: (data?.schemes.length ?? 0) > 0, loading: presets.isPending && opened, error: presets.error };
}

export function CreateAppModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const presets = usePresetDrafts(opened);
  const [edited, setEdited] = useState<SchemeDraft[]>();
  const schemes = edited ?? presets.drafts;
  const submit = useSubmit();
  const error = submit.error;

  function close() {
    setName('');
    setEdited(undefined);
    submit.setError(undefined);
    onClose();
  }

  function change(next: SchemeDraft[]) {
    // A scheme or channel added, removed or moved: the server's field names no longer point at the same boxes.
    const keys = (list: SchemeDraft[]) => list.map((scheme) => `${scheme.key}:${scheme.channels.map((c) => c.key).join(',')}`).join(';');
    if (error && keys(next) !== keys(schemes)) submit.setError(undefined);
    setEdited(next);
  }

  // A channel left unnamed is named after its platform.
  const create = () => createApp({ name, schemes: fromDrafts(schemes, (channel) => platformName(channel.deviceType)) });

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('apps.create.title')}
      size="lg"
      onSubmit={submit.handler(create, {
        invalidate: [appKeys.all],
        success: (app) => t('apps.create.created', { name: app.name }),
        onDone: (app) => {
          close();
          void navigate(`/apps/${app.id}`);
        },
      })}
      busy={submit.busy}
      error={error}
      errorTitle={t('apps.create.failed')}
      submitLabel={t('apps.create.submit')}
      submitDisabled={presets.loading}
    >
      <NameInput
        label={t('apps.create.name')}
        placeholder={t('apps.create.name_placeholder')}
        value={name}
        onChange={setName}
        operation="createApp"
        error={error}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>{t('apps.create.schemes')}</Text>
        <Text size="xs" c="dimmed">{t('apps.create.schemes_help')}</Text>
        {presets.loading ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          <>
            <FormError error={presets.error} />
            <PresetsNote preset={presets.preset} />
            <SchemesEditor
              schemes={schemes}
              onChange={change}
              fieldError={(field) => fieldError(error, `schemes.${field}`)}
              nameField="name"
              maxLength={NAME_MAX}
              empty={<Text size="sm" c="dimmed" role="status">{t('apps.create.no_schemes')}</Text>}
              newSchemeName={(index) => (index === 0 ? t('apps.create.default_scheme') : '')}
              platformPlaceholder
            />
          </>
        )}
      </Stack>
    </FormModal>
  );
}
