// The channels a shared webhook posts for: every channel of the first hundred active apps,
// grouped by app, each "Scheme · Channel".
import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listApps } from '../../api/apps.ts';

const APPS_MAX = 100;

interface Props {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}

export function ChannelPicker({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: ['webhooks', 'channel-choices'], queryFn: () => listApps('active', '', 1, APPS_MAX) });
  const groups = (apps.data?.items ?? []).map((app) => ({
    group: app.name,
    items: app.schemes.flatMap((scheme) => scheme.channels.map((channel) => ({ value: String(channel.id), label: `${scheme.name} · ${channel.name}` }))),
  })).filter((group) => group.items.length > 0);
  return (
    <MultiSelect
      label={t('webhooks.form.channels')}
      description={t('webhooks.form.channels_hint')}
      placeholder={value.length === 0 ? t('webhooks.form.channels_placeholder') : undefined}
      data={groups}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
