// Small building blocks of the release screen (and the debug file screen's facts): a list of
// label → value facts (empty values left out), a scrollable list of strings, and the expiry badge.
// Titled cards are the shared SectionCard.
import { Badge, DataList, List, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { daysUntil } from './metadata.ts';

export type Fact = [label: string, value: ReactNode];

/** Facts whose value is undefined, null, '' or an empty array are left out. */
export function Facts({ facts, labelWidth = '40%' }: { facts: Fact[]; labelWidth?: string }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0));
  if (shown.length === 0) return null;
  return (
    <DataList size="sm" labelWidth={labelWidth} withDivider>
      {shown.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ wordBreak: 'break-word', minWidth: 0 }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

export interface StringListProps {
  items: string[];
  label: string;
  monospace?: boolean;
  /** A note shown after an item (a device's registered name), which the search box finds too. */
  noteOf?: (item: string) => string | null;
}

/** A list of strings; a search box appears past 10 of them. */
export function StringList({ items, label, monospace = false, noteOf }: StringListProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  if (items.length === 0) return <Text size="sm" c="dimmed">{t('release.none')}</Text>;
  const needle = filter.toLowerCase();
  const matches = (item: string) => item.toLowerCase().includes(needle) || Boolean(noteOf?.(item)?.toLowerCase().includes(needle));
  const shown = filter ? items.filter(matches) : items;
  return (
    <Stack gap="xs">
      {items.length > 10 && (
        <TextInput
          size="xs"
          placeholder={t('release.filter_list')}
          aria-label={t('release.filter_named', { name: label })}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      )}
      {/* A long list scrolls: its viewport takes the keyboard focus, so arrow keys scroll it. */}
      <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
        <List size="sm" spacing={2} aria-label={label}>
          {shown.map((item) => (
            <List.Item key={item} ff={monospace ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
              {item}
              {noteOf?.(item) && (
                <Text span size="sm" fw={500} ff="body" ml="xs" style={{ wordBreak: 'normal' }}>
                  {noteOf(item)}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Expired (red), within 30 days (orange) or valid (green), with the days left; `compact` says only which (the days in its tooltip). */
export function ExpiryBadge({ iso, compact = false }: { iso: string | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const days = daysUntil(iso);
  if (days === undefined) return null;
  const long = days < 0 ? t('release.expired_days', { count: -days }) : t('release.expires_in', { count: days });
  const color = days < 0 ? 'red' : days <= 30 ? 'orange' : 'green';
  return (
    <Badge color={color} tt="none" title={compact ? long : undefined} style={{ flexShrink: 0 }}>
      {compact ? (days < 0 ? t('release.expired') : days <= 30 ? t('release.expires_soon') : t('release.valid')) : long}
    </Badge>
  );
}

/** "Yes" / "No" for a known flag; undefined (left out of Facts) when the parser could not tell. */
export function yesNo(t: TFunction, value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : value ? t('release.yes') : t('release.no');
}
