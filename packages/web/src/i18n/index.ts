// Every string the web app shows, in English and Simplified Chinese (react-i18next). The
// language is the signed-in user's locale, else the browser's, else English; changing it
// re-renders everything and sets <html lang>. Strings live in locales/<language>/<area>.json,
// one file per area of the app; `t('apps.title')` reads "title" from apps.json.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../api/types.ts';

export const LOCALES: readonly Locale[] = ['en', 'zh-CN'];

export function browserLocale(): Locale {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

const STORED = 'tarmac.locale';

/** The locale chosen before sign-in (the language switch on the sign-in page), if any. */
export function storedLocale(): Locale | undefined {
  const value = localStorage.getItem(STORED);
  return value === 'en' || value === 'zh-CN' ? value : undefined;
}

const loaders: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.ts'),
  'zh-CN': () => import('./zh-CN.ts'),
};

/** Loads a language's strings (one chunk each, so the first page load carries one language). */
async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const { default: strings } = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', strings, true, true);
}

export function applyLocale(locale: Locale, remember = false): void {
  if (remember) localStorage.setItem(STORED, locale);
  document.documentElement.lang = locale;
  if (i18n.language === locale) return;
  loadLocale(locale)
    .then(() => i18n.changeLanguage(locale))
    .catch((error: unknown) => console.warn('Could not load the language', locale, error));
}

const initial = storedLocale() ?? browserLocale();
document.documentElement.lang = initial;

/** Resolves when the first language's strings are in: render after it, so no key ever shows. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({ resources: {}, lng: initial, fallbackLng: false, interpolation: { escapeValue: false }, returnNull: false })
  .then(() => loadLocale(initial))
  .then(() => i18n.changeLanguage(initial));

export default i18n;
