// One setting on the settings screen: the input its hints call for (a switch, a choice, a
// number, text, a list of words, or the schemes form for preset_schemes), its source badge, the
// variable that holds it when the environment does, and a reset to the default.
import { Badge, Button, Group, Input as MantineInput, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSetting } from '../../api/site-settings.ts';
import { SchemesEditor } from '../apps/SchemesEditor.tsx';
import type { SchemeDraft } from '../apps/SchemesEditor.tsx';
import { isSchemesSetting, PRESET_NAME_MAX } from './preset-drafts.ts';

const SOURCE_COLORS = { default: 'gray', environment: 'orange', saved: 'blue' } as const;

interface Props {
  setting: AdminSetting;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  /** The server's message for a field inside the value (`preset_schemes.0.channels.1.name`). */
  fieldError: (field: string) => string | undefined;
  onReset: () => void;
  resetting: boolean;
}

type InputProps = Props & { label: string; description: string | undefined };

/** preset_schemes: each scheme with its channels, edited as a form (no JSON), each server problem on its box. */
function PresetSchemes({ setting, value, onChange, error, fieldError, label, description }: Omit<InputProps, 'onReset' | 'resetting'>) {
  const { t } = useTranslation();
  return (
    <MantineInput.Wrapper label={label} description={description} error={error} component="div" labelElement="div">
      <Stack mt="xs">
        <SchemesEditor
          schemes={value as SchemeDraft[]}
          onChange={onChange}
          fieldError={(field) => fieldError(`${setting.key}.${field}`)}
          nameField="scheme"
          maxLength={PRESET_NAME_MAX}
          empty={<Text size="sm" c="dimmed" role="status">{t('site_settings.presets_empty')}</Text>}
          disabled={!setting.editable}
        />
      </Stack>
    </MantineInput.Wrapper>
  );
}

function Input(props: InputProps) {
  const { setting, value, onChange, error, label, description } = props;
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
  if (isSchemesSetting(setting)) {
    return <PresetSchemes {...{ setting, value, onChange, error, label, description }} fieldError={props.fieldError} />;
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
