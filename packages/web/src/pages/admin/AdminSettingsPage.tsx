// /admin/settings: every instance setting in cards by group (general, appearance, access,
// presets, retention, other). Each shows its value, where it comes from (default, environment,
// saved), the variable that holds it when the environment does (read-only then), and a reset;
// each card saves its own changes. The general card checks the public URL. Administrators only.
import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appKeys } from '../../api/apps.ts';
import { ApiError } from '../../api/client.ts';
import { fieldError } from '../../api/error-text.ts';
import { PUBLIC_SETTINGS_KEY } from '../../api/account.ts';
import { SETTINGS_KEY } from '../../api/admin.ts';
import { useCurrentUser } from '../../api/session.ts';
import { ADMIN_SETTINGS_KEY, checkPublicUrl, resetSetting, saveSettings, useAdminSettings } from '../../api/site-settings.ts';
import type { AdminSetting, UrlCheck } from '../../api/site-settings.ts';
import { FormError } from '../../components/FormError.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useTitle } from '../../hooks/page.ts';
import { useSubmit } from '../../hooks/useSubmit.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { isSchemesSetting, presetDrafts, presetValue } from './preset-drafts.ts';
import type { SchemeDraft } from '../apps/SchemesEditor.tsx';
import { SettingField } from './SettingField.tsx';

const GROUPS = ['general', 'appearance', 'access', 'presets', 'retention', 'other'] as const;
const INVALIDATE = [ADMIN_SETTINGS_KEY, PUBLIC_SETTINGS_KEY, SETTINGS_KEY, appKeys.presets];

const shown = (setting: AdminSetting): unknown => (isSchemesSetting(setting) ? presetDrafts(setting.value) : setting.value);

/** The fields whose problems show on their boxes: the settings, and the fields inside one (`preset_schemes.0.scheme`). */
function shownFields(settings: AdminSetting[], error: unknown): string[] {
  const keys = settings.map((setting) => setting.key);
  const inside = error instanceof ApiError ? Object.keys(error.details ?? {}).filter((field) => keys.some((key) => field.startsWith(`${key}.`))) : [];
  return [...keys, ...inside];
}

function UrlCheckResult({ result }: { result: UrlCheck }) {
  const { t } = useTranslation();
  const good = result.reachable && result.is_tarmac && result.https && result.certificate_trusted === true;
  const yesNo = (value: boolean | null) => t(value === null ? 'site_settings.url.not_applicable' : value ? 'site_settings.yes' : 'site_settings.no');
  return (
    <Alert color={good ? 'green' : result.reachable ? 'yellow' : 'red'} title={result.url} role="status">
      <List size="sm">
        <List.Item>{t('site_settings.url.reachable')}: {yesNo(result.reachable)}{result.status !== null ? ` (HTTP ${result.status})` : ''}</List.Item>
        <List.Item>{t('site_settings.url.is_tarmac')}: {yesNo(result.is_tarmac)}</List.Item>
        <List.Item>{t('site_settings.url.https')}: {yesNo(result.https)}</List.Item>
        <List.Item>{t('site_settings.url.certificate')}: {yesNo(result.certificate_trusted)}</List.Item>
      </List>
      {!result.configured && <Text size="sm" mt="xs">{t('site_settings.url.unset')}</Text>}
      {result.error && <Text size="sm" mt="xs">{t('site_settings.url.error', { error: result.error })}</Text>}
    </Alert>
  );
}

function UrlCheckButton() {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [result, setResult] = useState<UrlCheck>();
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" loading={submit.busy} onClick={() => void submit.run(checkPublicUrl, { onDone: setResult })}>
          {t('site_settings.url.check')}
        </Button>
      </Group>
      <FormError error={submit.error} />
      {result && <UrlCheckResult result={result} />}
    </Stack>
  );
}

function GroupCard({ group, settings }: { group: (typeof GROUPS)[number]; settings: AdminSetting[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [resetting, setResetting] = useState<string>();
  const submit = useSubmit();
  const valueOf = (setting: AdminSetting) => (setting.key in edits ? edits[setting.key] : shown(setting));
  const changed = settings.filter((setting) => setting.editable && setting.key in edits && edits[setting.key] !== shown(setting));

  function changes(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const setting of changed) {
      const value = edits[setting.key];
      out[setting.key] = isSchemesSetting(setting) ? presetValue(value as SchemeDraft[]) : value;
    }
    return out;
  }
  const save = submit.handler(() => saveSettings(changes()), {
    invalidate: INVALIDATE,
    success: () => t('site_settings.saved'),
    onDone: () => setEdits({}),
  });
  async function reset(setting: AdminSetting) {
    setResetting(setting.key);
    try {
      await resetSetting(setting.key);
      await Promise.all(INVALIDATE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      setEdits(({ [setting.key]: _dropped, ...rest }) => rest);
      notifySuccess(t('site_settings.reset_done'));
    } catch (error) {
      notifyError(error);
    } finally {
      setResetting(undefined);
    }
  }
  return (
    <SectionCard title={t(`site_settings.groups.${group}.title`)} description={t(`site_settings.groups.${group}.description`)}>
      <form onSubmit={save} noValidate>
        <Stack>
          <FormError error={submit.error} fields={shownFields(settings, submit.error)} />
          {settings.map((setting) => (
            <SettingField
              key={setting.key}
              setting={setting}
              value={valueOf(setting)}
              onChange={(value) => setEdits((current) => ({ ...current, [setting.key]: value }))}
              error={fieldError(submit.error, setting.key)}
              fieldError={(field) => fieldError(submit.error, field)}
              onReset={() => void reset(setting)}
              resetting={resetting === setting.key}
            />
          ))}
          {group === 'access' && (
            <Text size="sm">
              <Anchor component={Link} to="/admin/sign-in">{t('site_settings.sign_in_link')}</Anchor>
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={submit.busy} disabled={changed.length === 0}>
              {t('site_settings.save_group', { group: t(`site_settings.groups.${group}.title`) })}
            </Button>
          </Group>
          {group === 'general' && <UrlCheckButton />}
        </Stack>
      </form>
    </SectionCard>
  );
}

function SiteSettings() {
  const { t } = useTranslation();
  useTitle(t('site_settings.title'));
  const { data, error, isPending } = useAdminSettings();
  return (
    <Stack maw={760}>
      <div>
        <Title order={1} size="h2">{t('site_settings.title')}</Title>
        <Text c="dimmed">{t('site_settings.subtitle')}</Text>
      </div>
      {isPending && <Loader aria-label={t('common.loading')} />}
      <FormError error={error} />
      {data &&
        GROUPS.map((group) => {
          const settings = data.settings.filter((setting) => setting.group === group);
          return settings.length > 0 ? <GroupCard key={group} group={group} settings={settings} /> : null;
        })}
    </Stack>
  );
}

export default function AdminSettingsPage() {
  const user = useCurrentUser();
  return user.role === 'admin' ? <SiteSettings /> : <NotFoundPage />;
}
