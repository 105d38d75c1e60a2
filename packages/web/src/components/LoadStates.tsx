// The loading and error states of every screen (re-exported by PageState.tsx): on their own, as the
// first page load needs them before any screen's chunk arrives (see scripts/web-budget.ts).
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { errorText } from '../api/error-text.ts';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" aria-busy="true">
      {/* A span may carry a name only with a role: "status" says the page is loading. */}
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** The error's sentence (its code translated, else the server's message), with a retry when it may help. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = errorText(error);
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={t('common.error_title')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
