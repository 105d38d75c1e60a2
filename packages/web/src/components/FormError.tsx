// A form's error: the server's sentence, unless every problem is already shown on a field.
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';

export function FormError({ error, fields }: { error: unknown; fields: string[] }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (error instanceof ApiError && error.details && Object.keys(error.details).every((field) => fields.includes(field))) return null;
  return (
    <Alert color="red" role="alert">
      {error instanceof Error ? error.message : t('common.error_title')}
    </Alert>
  );
}
