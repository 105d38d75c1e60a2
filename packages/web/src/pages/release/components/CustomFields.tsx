// A release's custom fields as the server presents them (custom_fields_view in the release
// answer, the same rule as the install page): Zealot's [{icon, name, value}] as a table of
// fields, nothing sent as "No custom fields", any other JSON formatted, in a region a keyboard
// can focus and scroll. The rule lives on the server only (modules/releases/mapper.ts).
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../../api/client.ts';

export type CustomFieldsView = Schemas['CustomFieldsView'];

export function CustomFields({ view }: { view: CustomFieldsView }) {
  const { t } = useTranslation();
  if (view.kind === 'none') {
    return (
      <Text size="sm" c="dimmed">
        {t('release.no_custom_fields')}
      </Text>
    );
  }
  if (view.kind === 'json') {
    return (
      <Code
        block
        tabIndex={0}
        role="region"
        aria-label={t('release.custom_fields_json')}
        style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre' }}
      >
        {view.text}
      </Code>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label={t('release.custom_fields')}>
      <Table.Tbody>
        {view.fields.map((field, index) => (
          <Table.Tr key={`${field.name}-${index}`}>
            <Table.Th scope="row" fw={500}>
              {field.name}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{field.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
