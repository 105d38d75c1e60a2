// Loading, empty and error states, the same on every screen.
import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconInbox size={28} />
      </ThemeIcon>
      <Title order={4}>{title}</Title>
      {description && (
        <Text c="dimmed" ta="center" maw={420}>
          {description}
        </Text>
      )}
      {action && <Group>{action}</Group>}
    </Stack>
  );
}

/** Something the user cannot reach (gone, or not theirs), with a link to where they can go. */
export function UnreachableState(props: { title: string; description?: string; to: string; linkLabel: string }) {
  const { title, description, to, linkLabel } = props;
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button component={Link} to={to} variant="light">
          {linkLabel}
        </Button>
      }
    />
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
