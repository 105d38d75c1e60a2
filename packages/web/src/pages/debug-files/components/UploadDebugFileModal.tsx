// Upload a dSYM or Proguard zip (the shared upload dialog): choose the channel whose key files
// it (iOS or macOS for a dSYM, Android for a mapping) and give the versions when the file does
// not carry them; a UUID the app already has is refused with the server's sentence; success
// opens the new file.
import { Group, Select, TextInput } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppDetail, Channel } from '../../../api/apps.ts';
import { debugFileKeys, uploadDebugFile } from '../../../api/debugFiles.ts';
import type { DebugFile } from '../../../api/debugFiles.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { UploadDialog } from '../../../components/upload/UploadDialog.tsx';
import { platformName } from '../../../platforms.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  app: AppDetail;
  /** Channels whose key the caller may use, with their scheme's name. */
  channels: (Channel & { scheme: string })[];
}

export function UploadDebugFileModal({ opened, onClose, app, channels }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [channelId, setChannelId] = useState<string | null>(channels[0] ? String(channels[0].id) : null);
  const [releaseVersion, setReleaseVersion] = useState('');
  const [buildVersion, setBuildVersion] = useState('');

  // Another app's channels: pick its first.
  useEffect(() => {
    if (!channels.some((channel) => String(channel.id) === channelId)) setChannelId(channels[0] ? String(channels[0].id) : null);
  }, [channels]);

  const channel = channels.find((candidate) => String(candidate.id) === channelId);
  const options = channels.map((candidate) => ({
    value: String(candidate.id),
    label: `${candidate.scheme} · ${candidate.name} (${platformName(candidate.device_type)})`,
  }));

  async function uploaded(created: DebugFile) {
    await queryClient.invalidateQueries({ queryKey: debugFileKeys.all });
    notifySuccess(t('debug_files.upload.done', { name: created.name ?? created.file_name }));
    void navigate(`/debug-files/${created.id}`);
  }

  return (
    <UploadDialog
      opened={opened}
      onClose={onClose}
      title={t('debug_files.upload.title', { app: app.name })}
      texts="debug_files.upload"
      formats={t('debug_files.upload.formats')}
      fileIcon={<IconBug size={20} />}
      ready={Boolean(channel?.key)}
      send={(file, onProgress) => {
        const fields = { channel_key: channel?.key ?? '', release_version: releaseVersion, build_version: buildVersion };
        return uploadDebugFile(file, fields, onProgress, t('debug_files.upload.connection_lost'));
      }}
      onUploaded={uploaded}
      onReset={() => {
        setReleaseVersion('');
        setBuildVersion('');
      }}
    >
      {(busy) => (
        <>
          <Select
            label={t('debug_files.upload.channel')}
            description={t('debug_files.upload.channel_hint')}
            data={options}
            value={channelId}
            onChange={setChannelId}
            allowDeselect={false}
            disabled={busy}
            required
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('debug_files.upload.release_version')}
              description={t('debug_files.upload.versions_hint')}
              value={releaseVersion}
              onChange={(event) => setReleaseVersion(event.currentTarget.value)}
              disabled={busy}
              maxLength={255}
              miw={180}
            />
            <TextInput
              label={t('debug_files.upload.build_version')}
              description={t('debug_files.upload.build_hint')}
              value={buildVersion}
              onChange={(event) => setBuildVersion(event.currentTarget.value)}
              disabled={busy}
              maxLength={255}
              miw={180}
            />
          </Group>
        </>
      )}
    </UploadDialog>
  );
}
