// Where testers register their iPhone or iPad: the /udid address, to copy or open, as a region
// named by its title.
import { ActionIcon, Card, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { udidUrl } from '../../../api/devices.ts';
import { CopyAction } from '../../../components/CopyAction.tsx';

export function RegisterHelp() {
  const { t } = useTranslation();
  const url = udidUrl();
  return (
    <Card withBorder padding="md" w="100%" maw={640} component="section" aria-label={t('devices.help.title')}>
      <Stack gap="xs">
        <Text fw={600}>{t('devices.help.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('devices.help.hint')}
        </Text>
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
      </Stack>
    </Card>
  );
}
