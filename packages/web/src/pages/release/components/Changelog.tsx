// A release's changelog: one entry per change, with its author and date when sent.
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseDetail } from '../../../api/releases.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';

export function Changelog({ entries }: { entries: ReleaseDetail['changelog'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('release.changelog')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('release.no_changelog')}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {entries.map((entry, index) => (
            <List.Item key={index}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.message}
              </Text>
              {(entry.author || entry.date) && (
                <Text size="xs" c="dimmed">
                  {[entry.author, entry.date].filter(Boolean).join(' · ')}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
