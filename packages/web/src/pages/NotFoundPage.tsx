import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from '../hooks/page.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useTitle(t('not_found.title'));
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1}>404</Title>
      <Title order={3}>{t('not_found.title')}</Title>
      <Text c="dimmed" ta="center" maw={440}>
        {t('not_found.description')}
      </Text>
      <Button component={Link} to="/">
        {t('not_found.home')}
      </Button>
    </Stack>
  );
}
