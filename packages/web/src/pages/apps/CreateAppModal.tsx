// A new app with its first scheme and channels, in one request: POST /api/apps creates them in
// one transaction, so either everything exists afterwards or nothing does.
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appKeys, createApp, DEVICE_TYPES } from '../../api/apps.ts';
import type { DeviceType } from '../../api/apps.ts';
import { fieldError } from '../../api/error-text.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { NameInput } from './NameInput.tsx';
import { useSubmit } from '../../hooks/useSubmit.ts';
import { platformName } from '../../platforms.ts';

const CHANNELS_MAX = 10;

interface ChannelRow {
  key: number;
  name: string;
  deviceType: DeviceType;
}

let rowKey = 0;
const newRow = (deviceType: DeviceType): ChannelRow => ({ key: ++rowKey, name: '', deviceType });

interface ChannelRowsProps {
  channels: ChannelRow[];
  setChannels: (update: (rows: ChannelRow[]) => ChannelRow[]) => void;
  channelError: (index: number) => string | undefined;
}

/** The first scheme's channels: a name and a platform each, from one to ten. */
function ChannelRows({ channels, setChannels, channelError }: ChannelRowsProps) {
  const { t } = useTranslation();
  const deviceOptions = DEVICE_TYPES.map((type) => ({ value: type, label: platformName(type) }));
  const change = (key: number, patch: Partial<ChannelRow>) =>
    setChannels((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('apps.create.channels')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('apps.create.channels_help')}
      </Text>
      {channels.map((row, index) => (
        <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={t('apps.create.channel_name', { number: index + 1 })}
            placeholder={platformName(row.deviceType)}
            value={row.name}
            onChange={(event) => change(row.key, { name: event.currentTarget.value })}
            error={channelError(index)}
            maxLength={255}
          />
          <Select
            w={{ base: 130, xs: 160 }}
            aria-label={t('apps.create.channel_device', { number: index + 1 })}
            data={deviceOptions}
            value={row.deviceType}
            onChange={(value) => value && change(row.key, { deviceType: value })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('apps.create.remove_channel', { number: index + 1 })}
            onClick={() => setChannels((rows) => rows.filter((r) => r.key !== row.key))}
            disabled={channels.length <= 1}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setChannels((rows) => [...rows, newRow('android')])}
          disabled={channels.length >= CHANNELS_MAX}
        >
          {t('apps.create.add_channel')}
        </Button>
      </Group>
    </Stack>
  );
}

export function CreateAppModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [scheme, setScheme] = useState(() => t('apps.create.default_scheme'));
  const [channels, setChannels] = useState<ChannelRow[]>(() => [newRow('android'), newRow('ios')]);
  const submit = useSubmit();
  const error = submit.error;

  function reset() {
    setName('');
    setScheme(t('apps.create.default_scheme'));
    setChannels([newRow('android'), newRow('ios')]);
    submit.setError(undefined);
  }

  function close() {
    reset();
    onClose();
  }

  const create = () =>
    createApp({
      name,
      schemes: [
        {
          name: scheme,
          // A channel left unnamed is named after its platform.
          channels: channels.map((row) => ({ name: row.name.trim() || platformName(row.deviceType), device_type: row.deviceType })),
        },
      ],
    });
  const channelError = (index: number) =>
    fieldError(error, `schemes.0.channels.${index}.name`) ??
    fieldError(error, `schemes.0.channels.${index}.device_type`) ??
    fieldError(error, `schemes.0.channels.${index}.slug`);

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
    >
      <NameInput
        label={t('apps.create.name')}
        placeholder={t('apps.create.name_placeholder')}
        value={name}
        onChange={setName}
        operation="createApp"
        error={error}
      />
      <NameInput
        label={t('apps.create.scheme')}
        description={t('apps.create.scheme_help')}
        value={scheme}
        onChange={setScheme}
        operation="createApp"
        error={error}
        field="schemes.0.name"
        autoFocus={false}
      />
      <ChannelRows channels={channels} setChannels={setChannels} channelError={channelError} />
    </FormModal>
  );
}
