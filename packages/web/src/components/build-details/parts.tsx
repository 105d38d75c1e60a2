// Pieces the platform sections share: a list as badges, and a key → value table (entitlements).
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showValue } from './metadata.ts';
import type { Json } from './metadata.ts';

/** Badges for a list, or undefined for an empty one (so Facts leaves the row out). */
export function badges(items: string[] | undefined, color = 'gray') {
  if (!items || items.length === 0) return undefined;
  return (
    <Group gap={4}>
      {items.map((item) => (
        <Badge key={item} variant="light" color={color} tt="none">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

export function KeyValueTable({ map, label }: { map: Json | undefined; label: string }) {
  const { t } = useTranslation();
  const entries = Object.entries(map ?? {});
  if (entries.length === 0) return <Text size="sm" c="dimmed">{t('release.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table withRowBorders verticalSpacing={4} aria-label={label}>
        <Table.Tbody>
          {entries.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                {key}
              </Table.Td>
              <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                {showValue(value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
