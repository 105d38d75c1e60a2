// The channel screen's side cards: the public link with its QR code, the channel key (for the
// app's developers and admins) and the channel's settings at a glance.
import { Anchor, Button, Center, DataList, Group, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyAction } from '../../../components/CopyAction.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import type { ChannelDetail } from '../../../api/channels.ts';
import { publicChannelUrl } from '../../../api/channels.ts';

export function ShareCard({ channel }: { channel: ChannelDetail }) {
  const { t } = useTranslation();
  const [qrFailed, setQrFailed] = useState(false);
  const link = publicChannelUrl(channel.slug);
  return (
    <SectionCard title={t('channel.share.title')} description={channel.has_password ? t('channel.share.guarded') : t('channel.share.open')}>
      <Stack gap="sm">
        <TextInput
          readOnly
          value={link}
          aria-label={t('channel.share.link_label')}
          onFocus={(event) => event.currentTarget.select()}
          rightSection={<CopyAction value={link} label={t('channel.share.copy_link')} />}
        />
        <Group>
          <Button component="a" href={link} target="_blank" rel="noopener" variant="light" size="xs" leftSection={<IconExternalLink size={14} />}>
            {t('channel.share.open_page')}
          </Button>
        </Group>
        {!qrFailed ? (
          <Center>
            <Image
              src={`/${encodeURIComponent(channel.slug)}/qrcode?format=svg`}
              alt={t('channel.share.qr_alt')}
              w={180}
              h={180}
              fit="contain"
              onError={() => setQrFailed(true)}
            />
          </Center>
        ) : (
          <Text size="xs" c="dimmed">
            {t('channel.share.qr_unavailable')}
          </Text>
        )}
        <Text size="xs" c="dimmed" ta="center">
          {t('channel.share.qr_hint')}
        </Text>
      </Stack>
    </SectionCard>
  );
}

/** The key, hidden until shown (a password field named "Channel key"), with a copy button. */
export function ChannelKeyField({ channelKey }: { channelKey: string }) {
  const { t } = useTranslation();
  const monospace = { innerInput: { fontFamily: 'var(--mantine-font-family-monospace)' } };
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <PasswordInput readOnly value={channelKey} aria-label={t('channel.key.label')} style={{ flex: 1 }} styles={monospace} />
      <CopyAction value={channelKey} label={t('channel.key.copy')} />
    </Group>
  );
}

export function KeyCard({ channelKey }: { channelKey: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('channel.key.title')} description={t('channel.key.description')}>
      <ChannelKeyField channelKey={channelKey} />
    </SectionCard>
  );
}

export function ChannelFacts({ channel }: { channel: ChannelDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('channel.facts.title')}>
      <DataList size="sm" labelWidth="40%">
        <DataList.Item>
          <DataList.ItemLabel>{t('channel.fields.bundle_id')}</DataList.ItemLabel>
          <DataList.ItemValue style={{ wordBreak: 'break-all' }}>{channel.bundle_id === '*' ? t('channel.facts.any_bundle_id') : channel.bundle_id}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('channel.fields.slug')}</DataList.ItemLabel>
          <DataList.ItemValue style={{ wordBreak: 'break-all' }}>{channel.slug}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('channel.fields.git_url')}</DataList.ItemLabel>
          <DataList.ItemValue style={{ wordBreak: 'break-all' }}>
            {channel.git_url ? (
              /^https?:\/\//.test(channel.git_url) ? (
                <Anchor href={channel.git_url} target="_blank" rel="noopener noreferrer" size="sm">
                  {channel.git_url}
                </Anchor>
              ) : (
                channel.git_url
              )
            ) : (
              t('common.none')
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('channel.fields.download_filename_type')}</DataList.ItemLabel>
          <DataList.ItemValue>{t(`channel.filename_types.${channel.download_filename_type}`)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('channel.fields.password')}</DataList.ItemLabel>
          <DataList.ItemValue>{channel.has_password ? t('channel.facts.password_set') : t('channel.facts.password_none')}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </SectionCard>
  );
}
