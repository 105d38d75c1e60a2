// The page's own hooks: its document title, and dates in the viewer's language and time zone.
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/session.ts';
import { formatDateTime, formatRelativeTime } from '../format.ts';

export { useTitle } from './title.ts';

/** Formats a timestamp in the signed-in user's time zone and the current language. */
export function useDateFormatter(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const { data } = useSession();
  const locale = (i18n.language === 'zh-CN' ? 'zh-CN' : 'en');
  return (iso) => formatDateTime(iso, locale, data?.user.timezone);
}

/** "3 hours ago" in the current language. */
export function useRelativeTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale = (i18n.language === 'zh-CN' ? 'zh-CN' : 'en');
  return (iso) => formatRelativeTime(iso, locale);
}
