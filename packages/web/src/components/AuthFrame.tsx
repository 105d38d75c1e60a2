// The frame of the signed-out screens (sign-in, sign-up): a centred card with the product's
// name and the language switch, which also remembers the choice for this browser.
import { Center, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteTitle } from '../hooks/title.ts';
import { applyLocale } from '../i18n/index.ts';

export function AuthFrame({ children, maw = 420 }: { children: ReactNode; maw?: number }) {
  const { t, i18n } = useTranslation();
  const site = useSiteTitle();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={maw}>
        <Stack>
          <Group justify="space-between" align="center">
            <Title order={1} size="h2">{site}</Title>
            <SegmentedControl
              size="xs"
              value={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
              onChange={(value) => applyLocale(value, true)}
              data={[
                { value: 'en', label: 'EN' },
                { value: 'zh-CN', label: '中文' },
              ]}
              aria-label={t('common.language')}
            />
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
