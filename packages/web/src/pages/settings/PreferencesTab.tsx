// Language, appearance and time zone. Each change is saved at once and applied at once; the
// signed-in layout applies the saved values on every later visit. A control being saved is
// read-only, not disabled: disabling it would drop the keyboard's focus on the page's <body>.
import { Group, Input, Loader, SegmentedControl, Select, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun, IconSunMoon } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session.ts';
import type { Appearance, Locale } from '../../api/types.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { applyLocale } from '../../i18n/index.ts';
import { useSaveProfile } from './useSaveProfile.ts';

const APPEARANCES: { value: Appearance; icon: typeof IconSun }[] = [
  { value: 'light', icon: IconSun },
  { value: 'dark', icon: IconMoon },
  { value: 'auto', icon: IconSunMoon },
];

/** Every IANA zone the browser knows, with the user's own first if the browser lacks it. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['Etc/UTC', ...zones]);
  all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function canonicalZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

function offsetOf(zone: string): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

export function PreferencesTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const save = useSaveProfile();
  const { setColorScheme } = useMantineColorScheme();
  const [saving, setSaving] = useState<'locale' | 'appearance' | 'timezone' | null>(null);
  const zones = useMemo(() => timeZones(user.timezone).map((zone) => ({ value: zone, label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone)})` })), [user.timezone]);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Etc/UTC and UTC are the same zone: compare the browser's canonical names.
  const sameZone = canonicalZone(user.timezone) === canonicalZone(browserZone);

  async function change(field: 'locale' | 'appearance' | 'timezone', value: string) {
    setSaving(field);
    try {
      // Applied before the answer arrives, so the switch feels instant; undone if refused.
      if (field === 'locale') applyLocale(value as Locale, true);
      if (field === 'appearance') setColorScheme(value as Appearance);
      await save({ [field]: value });
      notifySuccess(t('settings.preferences.saved'));
    } catch (error) {
      if (field === 'locale') applyLocale(user.locale, true);
      if (field === 'appearance') setColorScheme(user.appearance);
      notifyError(error);
    } finally {
      setSaving(null);
    }
  }

  return (
    <Stack maw={520} gap="lg">
      <Input.Wrapper label={t('settings.locale')} description={t('settings.preferences.locale_hint')}>
        <Group mt={6} gap="xs">
          <SegmentedControl
            value={user.locale}
            onChange={(value) => void change('locale', value)}
            data={[
              { value: 'en', label: 'English' },
              { value: 'zh-CN', label: '简体中文' },
            ]}
            aria-label={t('settings.locale')}
            readOnly={saving === 'locale'}
          />
          {saving === 'locale' && <Loader size="xs" />}
        </Group>
      </Input.Wrapper>
      <Input.Wrapper label={t('settings.preferences.appearance')} description={t('settings.preferences.appearance_hint')}>
        <Group mt={6} gap="xs">
          <SegmentedControl
            value={user.appearance}
            onChange={(value) => void change('appearance', value)}
            data={APPEARANCES.map(({ value, icon: Icon }) => ({
              value,
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <Icon size={16} />
                  <span>{t(`settings.preferences.appearances.${value}`)}</span>
                </Group>
              ),
            }))}
            aria-label={t('settings.preferences.appearance')}
            readOnly={saving === 'appearance'}
          />
          {saving === 'appearance' && <Loader size="xs" />}
        </Group>
      </Input.Wrapper>
      <Select
        label={t('settings.preferences.timezone')}
        description={t('settings.preferences.timezone_hint')}
        data={zones}
        value={user.timezone}
        onChange={(value) => value && value !== user.timezone && void change('timezone', value)}
        searchable
        limit={50}
        allowDeselect={false}
        nothingFoundMessage={t('settings.preferences.timezone_none')}
        readOnly={saving === 'timezone'}
        rightSection={saving === 'timezone' ? <Loader size="xs" /> : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {browserZone && !sameZone && (
        <Text size="sm" c="dimmed">
          {t('settings.preferences.browser_zone', { zone: browserZone })}{' '}
          <Text
            span
            c="blue"
            style={{ cursor: 'pointer' }}
            role="button"
            tabIndex={0}
            onClick={() => void change('timezone', browserZone)}
            onKeyDown={(event) => event.key === 'Enter' && void change('timezone', browserZone)}
          >
            {t('settings.preferences.use_browser_zone')}
          </Text>
        </Text>
      )}
    </Stack>
  );
}
