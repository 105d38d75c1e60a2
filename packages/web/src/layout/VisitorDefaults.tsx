// The site's default appearance (the default_appearance setting) for a browser that has not
// chosen one: applied when nothing is stored, and again (the setting may have changed) when the
// stored value was only the default. A user's own choice (the account's appearance) replaces it.
// The language likewise: a choice stored in this browser > the account's language > the browser's
// languages when Tarmac speaks one of them (as install pages do with Accept-Language) > the site's
// default_locale.
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { usePublicSettings } from '../api/account.ts';
import { useSession } from '../api/session.ts';
import { applyLocale, browserLanguage, storedLocale } from '../i18n/index.ts';

const STORED = 'tarmac.appearance';
const BY_DEFAULT = 'tarmac.appearance.by-default';

export function VisitorDefaults() {
  const settings = usePublicSettings().data;
  const appearance = settings?.default_appearance;
  const siteLocale = settings?.default_locale;
  const session = useSession();
  const signedIn = session.isPending || Boolean(session.data?.user);
  useEffect(() => {
    if (!siteLocale || signedIn || storedLocale() || browserLanguage()) return;
    applyLocale(siteLocale);
  }, [siteLocale, signedIn]);
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!appearance) return;
    const stored = localStorage.getItem(STORED);
    if (stored !== null && localStorage.getItem(BY_DEFAULT) !== stored) return;
    setColorScheme(appearance);
    localStorage.setItem(BY_DEFAULT, appearance);
  }, [appearance, setColorScheme]);
  return null;
}
