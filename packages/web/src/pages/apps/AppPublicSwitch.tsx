// The app's public flag (guest mode, docs/guest-mode.md): a switch for the app's administrators,
// a badge for everyone else once the app is public. An archived app shows only the badge.
import { Badge, Switch, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appKeys, setAppPublic } from '../../api/apps.ts';
import type { AppDetail } from '../../api/apps.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';

export function AppPublicSwitch({ app }: { app: AppDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!app.permissions.update || app.archived) {
    return app.public ? <Badge variant="light">{t('apps.app.public_badge')}</Badge> : null;
  }

  async function change(isPublic: boolean) {
    setBusy(true);
    try {
      await setAppPublic(app.id, isPublic);
      await queryClient.invalidateQueries({ queryKey: appKeys.all });
      notifySuccess(t(isPublic ? 'apps.app.public_on' : 'apps.app.public_off', { name: app.name }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Tooltip label={t('apps.app.public_hint')} multiline w={280}>
      <Switch
        size="sm"
        label={t('apps.app.public')}
        checked={app.public}
        disabled={busy}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </Tooltip>
  );
}
