import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The server's sentence for a failed write, inside a form or dialog; nothing when there is no error. */
export function FormError({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation();
  if (error === undefined || error === null) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {error instanceof Error ? error.message : t('common.error_title')}
    </Alert>
  );
}
