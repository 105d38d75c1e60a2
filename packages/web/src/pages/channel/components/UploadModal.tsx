// Upload a build to the channel (the shared upload dialog): a changelog, release type, branch
// and commit go with the file; the picker offers only the channel platform's file endings and
// another file is refused before sending; success refreshes the channel's builds and opens the new release.
import { Autocomplete, Group, Textarea, TextInput } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appKeys } from '../../../api/apps.ts';
import type { ChannelDetail } from '../../../api/channels.ts';
import { UPLOAD_EXTENSIONS } from '../../../api/field-rules.ts';
import { releaseKeys, uploadRelease, useReleaseFacets } from '../../../api/releases.ts';
import type { ReleaseDetail } from '../../../api/releases.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { UploadDialog } from '../../../components/upload/UploadDialog.tsx';
import { platformName } from '../../../platforms.ts';

const COMMON_TYPES = ['debug', 'beta', 'adhoc', 'release', 'enterprise', 'inhouse'];
const EMPTY = { changelog: '', release_type: '', branch: '', git_commit: '' };

interface Props {
  opened: boolean;
  onClose: () => void;
  channel: ChannelDetail;
  channelKey: string;
}

export function UploadModal({ opened, onClose, channel, channelKey }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const facets = useReleaseFacets(channel.id);
  const [fields, setFields] = useState(EMPTY);
  const set = (name: keyof typeof EMPTY) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  /** A suggestion box's value, change handler and state. */
  const field = (name: 'release_type' | 'branch', busy: boolean) => ({ value: fields[name], onChange: set(name), disabled: busy, miw: 160 });
  const typeOptions = [...new Set([...(facets.data?.release_types.map((facet) => facet.name) ?? []), ...COMMON_TYPES])];
  const branchOptions = facets.data?.branches.map((facet) => facet.name) ?? [];
  // The platform's file endings come from the server's OpenAPI document (appinfo's table).
  const extensions = UPLOAD_EXTENSIONS[channel.device_type].join(', ');

  async function uploaded(release: ReleaseDetail) {
    await queryClient.invalidateQueries({ queryKey: releaseKeys.channel(channel.id) });
    void queryClient.invalidateQueries({ queryKey: appKeys.all });
    notifySuccess(t('channel.upload.done', { version: release.version }));
    void navigate(`/apps/${channel.app.id}/channels/${channel.id}/releases/${release.id}`);
  }

  return (
    <UploadDialog
      opened={opened}
      onClose={onClose}
      title={t('channel.upload.title', { channel: channel.name })}
      texts="channel.upload"
      formats={t(`channel.upload.formats.${channel.device_type}`, { extensions })}
      accept={{
        extensions: UPLOAD_EXTENSIONS[channel.device_type],
        wrongFile: (name) => t('channel.upload.wrong_format', { name, device: platformName(channel.device_type), extensions }),
      }}
      fileIcon={<IconPackage size={20} />}
      send={(file, onProgress) => uploadRelease(file, { channel_key: channelKey, source: 'web', ...fields }, onProgress, t('channel.upload.connection_lost'))}
      onUploaded={uploaded}
      onReset={() => setFields(EMPTY)}
    >
      {(busy) => (
        <>
          <Textarea
            label={t('channel.upload.changelog')}
            description={t('channel.upload.changelog_hint')}
            value={fields.changelog}
            onChange={(event) => set('changelog')(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            disabled={busy}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Autocomplete label={t('channel.upload.release_type')} data={typeOptions} maxLength={64} {...field('release_type', busy)} />
            <Autocomplete label={t('channel.upload.branch')} data={branchOptions} maxLength={255} {...field('branch', busy)} />
            <TextInput
              label={t('channel.upload.commit')}
              value={fields.git_commit}
              onChange={(event) => set('git_commit')(event.currentTarget.value)}
              disabled={busy}
              maxLength={255}
              miw={160}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          </Group>
        </>
      )}
    </UploadDialog>
  );
}
