// Recovery codes, shown once: copy them all, or download them as a .txt file.
import { Alert, Button, Code, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyAction } from '../../../components/CopyAction.tsx';

function download(codes: string[]) {
  const text = `Tarmac recovery codes (${window.location.host})\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tarmac-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" role="status" title={t('settings.security.codes_title')}>
        {t('settings.security.codes_hint')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label={t('settings.security.codes_title')} role="list" maw={360}>
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyAction value={codes.join('\n')} label={t('settings.security.copy_codes')} />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(codes)}>
          {t('settings.security.download_codes')}
        </Button>
        <Button onClick={onDone}>{t('settings.security.codes_saved')}</Button>
      </Group>
    </Stack>
  );
}
