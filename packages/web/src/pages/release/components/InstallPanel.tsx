// How testers install a build, on its release screen: its public page link with a copy button,
// and a QR code of it, dark on white in both colour schemes (scanners misread inverted codes).
import { Anchor, Center, Group, Image, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseDetail } from '../../../api/releases.ts';
import { CopyAction } from '../../../components/CopyAction.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';

export function InstallPanel({ data }: { data: ReleaseDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('release.install_title')} description={data.channel.has_password ? t('release.install_guarded') : t('release.install_open')}>
      <Stack gap="sm">
        <Group gap={4} wrap="nowrap">
          <Anchor href={data.release_url} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }}>
            {data.release_url}
          </Anchor>
          <CopyAction value={data.release_url} label={t('release.copy_link')} />
        </Group>
        <Center>
          <Image
            src={`/channels/${encodeURIComponent(data.channel.slug)}/releases/${data.id}/qrcode?format=svg`}
            alt={t('release.qr_alt')}
            w={180}
            h={180}
            fit="contain"
          />
        </Center>
      </Stack>
    </SectionCard>
  );
}
