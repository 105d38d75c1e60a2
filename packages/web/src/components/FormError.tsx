// A form's or dialog's error: the server's code in the user's language (else its sentence), unless
// every problem is already shown on one of the form's `fields`; nothing when there is no error.
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { errorText } from '../api/error-text.ts';

export function FormError({ error, fields, title }: { error: unknown; fields?: string[]; title?: string }) {
  const { t } = useTranslation();
  if (error === undefined || error === null || error === false) return null;
  const details = error instanceof ApiError ? error.details : undefined;
  if (fields && details && Object.keys(details).every((field) => fields.includes(field))) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {error instanceof Error ? errorText(error) : t('common.error_title')}
    </Alert>
  );
}
