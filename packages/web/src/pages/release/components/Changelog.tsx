// A release's changelog: one entry per change, with its author and date when sent. A date the
// uploader sent as ISO or git's "2024-05-02 10:37:23 +0800" is shown in the user's zone and
// language (a day alone as that day), as the install page shows it; any other text as sent.
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseDetail } from '../../../api/releases.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { changelogDate, formatDate } from '../../../format.ts';
import { useDateFormatter } from '../../../hooks/page.ts';

function EntryDate({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const formatDateTime = useDateFormatter();
  const parsed = changelogDate(text);
  if (!parsed) return text;
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  const shown = parsed.dateOnly ? formatDate(parsed.iso, locale) : formatDateTime(parsed.iso);
  return <time dateTime={parsed.dateOnly ? parsed.iso.slice(0, 10) : parsed.iso}>{shown}</time>;
}

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
                  {entry.author}
                  {entry.author && entry.date ? ' · ' : ''}
                  {entry.date && <EntryDate text={entry.date} />}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
