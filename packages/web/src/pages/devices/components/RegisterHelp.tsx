// Where testers register their iPhone or iPad: the /udid address, to copy or open (a section
// card, a region named by its title).
import { ActionIcon, Code, Group, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { udidUrl } from '../../../api/devices.ts';
import { CopyAction } from '../../../components/CopyAction.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';

export function RegisterHelp() {
  const { t } = useTranslation();
  const url = udidUrl();
  return (
    <SectionCard title={t('devices.help.title')} description={t('devices.help.hint')} maw={640}>
      <Group gap="xs" wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }}>{url}</Code>
          <CopyAction value={url} label={t('devices.help.copy_url')} />
          <Tooltip label={t('devices.help.open')} withArrow>
            <ActionIcon component="a" href={url} target="_blank" rel="noreferrer" variant="subtle" color="gray" aria-label={t('devices.help.open')}>
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
      </Group>
      <Text size="xs" c="dimmed">
        {t('devices.help.https')}
      </Text>
    </SectionCard>
  );
}
