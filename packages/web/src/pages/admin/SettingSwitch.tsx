// A switch bound to one boolean instance setting (PUT /api/settings): it moves at once
// (optimistic), moves back if the server refuses, refreshes the public settings and says so.
import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PUBLIC_SETTINGS_KEY } from '../../api/account.ts';
import { SETTINGS_KEY, updateSettings } from '../../api/admin.ts';
import type { Settings } from '../../api/admin.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';

type BooleanSetting = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

interface Props {
  setting: BooleanSetting;
  /** The stored value; undefined while it loads (the switch is disabled). */
  value: boolean | undefined;
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  /** The notification after a change. */
  done: (enabled: boolean) => string;
}

export function SettingSwitch({ setting, value, label, description, disabled = false, done }: Props) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<boolean>();

  async function toggle(enabled: boolean) {
    setBusy(true);
    setPending(enabled);
    try {
      queryClient.setQueryData(SETTINGS_KEY, await updateSettings({ [setting]: enabled }));
      await queryClient.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
      notifySuccess(done(enabled));
    } catch (caught) {
      notifyError(caught);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  }

  return (
    <Switch
      checked={pending ?? value ?? false}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      disabled={busy || value === undefined || disabled}
      label={label}
      description={description}
      size="md"
    />
  );
}
