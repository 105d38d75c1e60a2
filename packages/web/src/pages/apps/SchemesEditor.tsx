// A list of schemes, each with its channels (a name and a platform each), that the user edits: add or
// remove a scheme or a channel, move a scheme up or down. The new-app dialog (the schemes the app is
// created with) and the settings' preset_schemes form share it; each says where the server's
// problems with a field sit (`fieldError('1.channels.0.name')`), so they show on their boxes.
import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES } from '../../api/apps.ts';
import type { DeviceType } from '../../api/apps.ts';
import { platformName } from '../../platforms.ts';

/** The most schemes, and channels per scheme, a new app and the presets take (the server's limits). */
export const SCHEMES_MAX = 10;
export const CHANNELS_MAX = 10;

export interface ChannelDraft {
  key: number;
  name: string;
  deviceType: DeviceType;
}

export interface SchemeDraft {
  key: number;
  name: string;
  channels: ChannelDraft[];
}

/** A scheme as the API writes it: POST /api/apps and GET /api/apps/presets. */
export interface SchemeShape {
  name: string;
  channels: { name: string; device_type: DeviceType }[];
}

let lastKey = 0;
export const channelDraft = (deviceType: DeviceType, name = ''): ChannelDraft => ({ key: ++lastKey, name, deviceType });
export const schemeDraft = (name: string, channels: ChannelDraft[]): SchemeDraft => ({ key: ++lastKey, name, channels });

export function toDrafts(schemes: readonly SchemeShape[]): SchemeDraft[] {
  return schemes.map((scheme) => schemeDraft(scheme.name, scheme.channels.map((c) => channelDraft(c.device_type, c.name))));
}

/** The drafts as the API takes them; `unnamed` names a channel left blank (the dialog names it after its platform). */
export function fromDrafts(drafts: readonly SchemeDraft[], unnamed: (channel: ChannelDraft) => string = (c) => c.name): SchemeShape[] {
  return drafts.map((scheme) => ({
    name: scheme.name,
    channels: scheme.channels.map((channel) => ({ name: channel.name.trim() === '' ? unnamed(channel) : channel.name, device_type: channel.deviceType })),
  }));
}

interface EditorProps {
  schemes: SchemeDraft[];
  onChange: (schemes: SchemeDraft[]) => void;
  /** The server's message for a field of the list, named from the list: `0.name`, `1.channels`, `1.channels.0.device_type`. */
  fieldError: (field: string) => string | undefined;
  /** The scheme name's key in the API body: `name` (POST /api/apps) or `scheme` (preset_schemes). */
  nameField: 'name' | 'scheme';
  /** Longest name the server takes. */
  maxLength: number;
  /** Shown when the list has no scheme. */
  empty: ReactNode;
  /** A new scheme's name (the first scheme of a new app gets a suggestion). */
  newSchemeName?: (index: number) => string;
  /** Shows a blank channel's platform as its placeholder: the dialog names it so. */
  platformPlaceholder?: boolean;
  disabled?: boolean;
}

interface SchemeBlockProps extends Omit<EditorProps, 'schemes' | 'onChange' | 'empty' | 'newSchemeName'> {
  scheme: SchemeDraft;
  index: number;
  count: number;
  change: (patch: Partial<SchemeDraft>) => void;
  move: (by: -1 | 1) => void;
  remove: () => void;
}

function ChannelRow(props: SchemeBlockProps & { channel: ChannelDraft; position: number }) {
  const { t } = useTranslation();
  const { scheme, index, channel, position, change, fieldError, maxLength, platformPlaceholder, disabled } = props;
  const numbers = { scheme: index + 1, number: position + 1 };
  const field = `${index}.channels.${position}`;
  const update = (patch: Partial<ChannelDraft>) =>
    change({ channels: scheme.channels.map((row) => (row.key === channel.key ? { ...row, ...patch } : row)) });
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        flex={1}
        aria-label={t('apps.schemes.channel_name', numbers)}
        placeholder={platformPlaceholder ? platformName(channel.deviceType) : t('apps.schemes.channel_placeholder')}
        value={channel.name}
        onChange={(event) => update({ name: event.currentTarget.value })}
        error={fieldError(`${field}.name`)}
        maxLength={maxLength}
        disabled={disabled}
      />
      <Select
        w={{ base: 130, xs: 160 }}
        aria-label={t('apps.schemes.channel_device', numbers)}
        data={DEVICE_TYPES.map((type) => ({ value: type, label: platformName(type) }))}
        value={channel.deviceType}
        onChange={(value) => value && update({ deviceType: value })}
        error={fieldError(`${field}.device_type`)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        disabled={disabled}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={t('apps.schemes.remove_channel', numbers)}
        onClick={() => change({ channels: scheme.channels.filter((row) => row.key !== channel.key) })}
        disabled={disabled}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function SchemeBlock(props: SchemeBlockProps) {
  const { t } = useTranslation();
  const { scheme, index, count, change, move, remove, fieldError, nameField, maxLength, disabled } = props;
  const number = index + 1;
  return (
    <Fieldset legend={t('apps.schemes.scheme', { number })} variant="filled" p="sm" disabled={disabled}>
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={t('apps.schemes.scheme_name', { number })}
            placeholder={t('apps.schemes.scheme_placeholder')}
            value={scheme.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            error={fieldError(`${index}.${nameField}`)}
            maxLength={maxLength}
          />
          <ActionIcon variant="subtle" size="lg" aria-label={t('apps.schemes.move_up', { number })} onClick={() => move(-1)} disabled={disabled || index === 0}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('apps.schemes.move_down', { number })}
            onClick={() => move(1)}
            disabled={disabled || index === count - 1}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('apps.schemes.remove_scheme', { number })} onClick={remove} disabled={disabled}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
        {scheme.channels.length === 0 && <Text size="xs" c="dimmed">{t('apps.schemes.no_channels')}</Text>}
        {scheme.channels.map((channel, position) => (
          <ChannelRow key={channel.key} {...props} channel={channel} position={position} />
        ))}
        {fieldError(`${index}.channels`) && <Text size="xs" c="red">{fieldError(`${index}.channels`)}</Text>}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            aria-label={t('apps.schemes.add_channel_to', { number })}
            onClick={() => change({ channels: [...scheme.channels, channelDraft('android')] })}
            disabled={disabled || scheme.channels.length >= CHANNELS_MAX}
          >
            {t('apps.schemes.add_channel')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export function SchemesEditor(props: EditorProps) {
  const { t } = useTranslation();
  const { schemes, onChange, empty, newSchemeName, disabled } = props;
  const replace = (index: number, next: SchemeDraft | undefined) =>
    onChange(next ? schemes.map((scheme, i) => (i === index ? next : scheme)) : schemes.filter((_, i) => i !== index));
  function move(index: number, by: -1 | 1) {
    const target = index + by;
    if (target < 0 || target >= schemes.length) return;
    const next = [...schemes];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
  }
  return (
    <Stack gap="xs">
      {schemes.length === 0 && empty}
      {schemes.map((scheme, index) => (
        <SchemeBlock
          key={scheme.key}
          {...props}
          scheme={scheme}
          index={index}
          count={schemes.length}
          change={(patch) => replace(index, { ...scheme, ...patch })}
          move={(by) => move(index, by)}
          remove={() => replace(index, undefined)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...schemes, schemeDraft(newSchemeName?.(schemes.length) ?? '', [channelDraft('android')])])}
          disabled={disabled || schemes.length >= SCHEMES_MAX}
        >
          {t('apps.schemes.add_scheme')}
        </Button>
      </Group>
    </Stack>
  );
}
