// The body part of the webhook editor: the template box (for the providers that take one) with a
// collapsible list of its variables, and the Preview panel: the exact body the hook would post,
// rendered by the server from the channel's newest build (or a sample), pretty-printed when JSON.
import { Alert, Anchor, Button, Code, Collapse, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../api/error-text.ts';
import { previewWebhook } from '../../api/webhooks.ts';
import type { Preview, PreviewInput } from '../../api/webhooks.ts';
import { FormError } from '../../components/FormError.tsx';
import { TEMPLATE_VARIABLES } from './providers.tsx';

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Variables() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <Anchor component="button" type="button" size="sm" onClick={() => setShown((value) => !value)} aria-expanded={shown}>
        {shown ? t('webhooks.form.variables_hide') : t('webhooks.form.variables_show')}
      </Anchor>
      <Collapse expanded={shown}>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.form.variable')}</Table.Th>
              <Table.Th>{t('webhooks.form.example')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TEMPLATE_VARIABLES.map(([name, example]) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <Code>{`{{${name}}}`}</Code>
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{example}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </div>
  );
}

interface Props {
  /** Whether the provider (and format) takes a template. */
  templated: boolean;
  template: string;
  onTemplate: (value: string) => void;
  /** The server's 422 on save (its template problems show under the box). */
  saveError: unknown;
  /** What to preview: the provider's settings as the form has them. */
  previewInput: () => PreviewInput;
  disabled: boolean;
}

export function BodyFields({ templated, template, onTemplate, saveError, previewInput, disabled }: Props) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  async function show() {
    setBusy(true);
    setPreviewError(undefined);
    try {
      setPreview(await previewWebhook(previewInput()));
    } catch (error) {
      setPreview(null);
      setPreviewError(error);
    } finally {
      setBusy(false);
    }
  }

  const templateError = fieldError(previewError, 'template') ?? fieldError(saveError, 'template');
  return (
    <Stack gap="xs">
      {templated && (
        <>
          <Textarea
            label={t('webhooks.form.template')}
            description={t('webhooks.form.template_hint')}
            value={template}
            onChange={(event) => onTemplate(event.currentTarget.value)}
            error={templateError}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={16384}
            disabled={disabled}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Variables />
        </>
      )}
      <Group>
        <Button variant="light" leftSection={<IconEye size={16} />} loading={busy} onClick={() => void show()}>
          {t('webhooks.form.preview')}
        </Button>
      </Group>
      <FormError error={previewError} fields={['template']} />
      {preview && (
        <section aria-label={t('webhooks.form.preview_title')}>
          <Alert variant="light" color="gray" p="xs">
            <Text size="sm" fw={500}>
              {t('webhooks.form.preview_title')} ({preview.method}, {preview.content_type})
            </Text>
            <Text size="xs" c="dimmed">
              {preview.source === 'release' ? t('webhooks.form.preview_source_release') : t('webhooks.form.preview_source_sample')}
            </Text>
          </Alert>
          <Code block tabIndex={0} style={{ maxHeight: 280, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {pretty(preview.body)}
          </Code>
        </section>
      )}
    </Stack>
  );
}
