// One setting on the settings screen: the input its hints call for (a switch, a choice, a
// number, text, a list of words, or JSON for a list of objects), its source badge, the variable
// that holds it when the environment does, and a reset to the default.
import { Badge, Button, Group, NumberInput, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSetting } from '../../api/site-settings.ts';

const SOURCE_COLORS = { default: 'gray', environment: 'orange', saved: 'blue' } as const;

interface Props {
  setting: AdminSetting;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  onReset: () => void;
  resetting: boolean;
}

/** A list of objects (preset_schemes) is edited as JSON text; the text is kept as typed until it parses. */
export function isJsonSetting(setting: AdminSetting): boolean {
  return setting.hints.type === 'array' && Array.isArray(setting.default) && setting.key === 'preset_schemes';
}

function Input({ setting, value, onChange, error, label, description }: Props & { label: string; description: string | undefined }) {
  const { t } = useTranslation();
  const disabled = !setting.editable;
  const common = { label, description, error, disabled };
  const { hints } = setting;
  if (hints.type === 'boolean') {
    return <Switch {...common} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />;
  }
  if (hints.choices) {
    const data = hints.choices.map((choice) => ({ value: choice, label: t(`site_settings.choices.${choice}`, { defaultValue: choice }) }));
    const selected = typeof value === 'string' ? value : null;
    return (
      <Select {...common} data={data} value={selected} onChange={(next) => next !== null && onChange(next)} allowDeselect={false} />
    );
  }
  if (hints.type === 'integer' || hints.type === 'number') {
    return (
      <NumberInput
        {...common}
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : Number(next))}
        min={hints.minimum}
        max={hints.maximum}
        allowDecimal={hints.type === 'number'}
        maw={200}
      />
    );
  }
  if (isJsonSetting(setting)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return (
      <Textarea {...common} autosize minRows={3} ff="monospace" value={text} onChange={(event) => onChange(event.currentTarget.value)} />
    );
  }
  if (hints.type === 'array') {
    const words = Array.isArray(value) ? value.map(String) : [];
    return <TagsInput {...common} value={words} onChange={onChange} clearable maxTags={hints.max_items} />;
  }
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} maw={420} maxLength={hints.max_length} />
  );
}

export function SettingField(props: Props) {
  const { t } = useTranslation();
  const { setting, onReset, resetting } = props;
  const label = t(`site_settings.keys.${setting.key}.label`, { defaultValue: setting.key });
  const description = t(`site_settings.keys.${setting.key}.description`, { defaultValue: '' }) || undefined;
  return (
    <Stack gap={4} data-setting={setting.key}>
      <Input {...props} label={label} description={description} />
      <Group gap="xs">
        <Badge size="sm" variant="light" color={SOURCE_COLORS[setting.source]}>
          {t(`site_settings.sources.${setting.source}`)}
        </Badge>
        {setting.source === 'environment' && setting.env_var && (
          <Text size="xs" c="dimmed">{t('site_settings.set_by', { variable: setting.env_var })}</Text>
        )}
        {!setting.editable && setting.source !== 'environment' && <Text size="xs" c="dimmed">{t('site_settings.elsewhere')}</Text>}
        {setting.source === 'saved' && setting.editable && (
          <Button size="compact-xs" variant="subtle" onClick={onReset} loading={resetting} aria-label={t('site_settings.reset_named', { name: label })}>
            {t('site_settings.reset')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
