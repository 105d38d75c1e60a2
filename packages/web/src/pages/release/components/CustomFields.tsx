// A release's custom fields, which the API answers exactly as uploaded (any JSON). Zealot's
// form [{icon, name, value}] (and Tarmac's older [{name, value}]) is a table of fields;
// nothing at all ([], {}, "" and fastlane's unset ["[]"]) says so; any other JSON (an
// object such as {"tauri_signature": …}, a string, a number) is shown formatted, in a
// region a keyboard can focus and scroll.
import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JsonValue } from '../../../api/releases.ts';

export interface FieldRow {
  name: string;
  value: string;
  icon?: string;
}

export type CustomFieldsView = { kind: 'none' } | { kind: 'fields'; fields: FieldRow[] } | { kind: 'json'; text: string };

function isFieldItem(item: JsonValue): item is { name: string; value: string | number | boolean | null; icon?: string } {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const { name, value, icon } = item;
  return (
    typeof name === 'string' &&
    name.trim() !== '' &&
    'value' in item &&
    (value === null || typeof value !== 'object') &&
    (icon === undefined || typeof icon === 'string') &&
    Object.keys(item).every((key) => key === 'name' || key === 'value' || key === 'icon')
  );
}

/** The same rule as the server's install page (modules/releases/mapper.ts, customFieldsDisplay). */
export function customFieldsView(value: JsonValue): CustomFieldsView {
  const empty = (item: JsonValue) => item === '' || item === '[]';
  if (value === null || empty(value)) return { kind: 'none' };
  if (Array.isArray(value)) {
    if (value.every(empty)) return { kind: 'none' };
    if (value.every(isFieldItem)) {
      return { kind: 'fields', fields: value.map(({ name, value: inner, icon }) => ({ name, value: inner === null ? '' : String(inner), ...(icon ? { icon } : {}) })) };
    }
  } else if (typeof value === 'object' && Object.keys(value).length === 0) {
    return { kind: 'none' };
  }
  return { kind: 'json', text: JSON.stringify(value, null, 2) };
}

export function CustomFields({ value }: { value: JsonValue }) {
  const { t } = useTranslation();
  const view = customFieldsView(value);
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
        data-testid="custom-fields-json"
        style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre' }}
      >
        {view.text}
      </Code>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label={t('release.custom_fields')} data-testid="custom-fields-table">
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
