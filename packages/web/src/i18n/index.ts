// Every string the web app shows, in English and Simplified Chinese (react-i18next). The
// language is the one chosen in this browser, else the signed-in user's locale, else the site's
// default_locale (layout/VisitorDefaults.tsx), else the browser's, else English; changing it
// re-renders everything and sets <html lang>. Strings live in locales/<language>/<area>.json,
// one file per area of the app; `t('apps.title')` reads "title" from apps.json.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../api/types.ts';
import { screenAreaStrings } from './screen-areas.ts';
import type { ScreenArea } from './screen-areas.ts';

export const LOCALES: readonly Locale[] = ['en', 'zh-CN'];

/** The first of the browser's languages Tarmac speaks, if any. */
export function browserLanguage(): Locale | undefined {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return undefined;
}

export function browserLocale(): Locale {
  return browserLanguage() ?? 'en';
}

const STORED = 'tarmac.locale';

/** The locale chosen before sign-in (the language switch on the sign-in page), if any. */
export function storedLocale(): Locale | undefined {
  const value = localStorage.getItem(STORED);
  return value === 'en' || value === 'zh-CN' ? value : undefined;
}

type Part = 'signed-out' | 'signed-in' | 'errors';
type Strings = Promise<{ default: Record<string, unknown> }>;

/**
 * Each language's strings in three chunks: the signed-out screens' areas (common, login, signup:
 * signed-out.<language>.ts), which the first page load fetches; the rest (signed-in.<language>.ts),
 * which the signed-in frame loads (loadEveryArea); and the sentences of the server's refusals
 * (errors.<language>.ts), loaded with the signed-in frame or by the first refusal before sign-in
 * (loadErrorStrings), so the sign-in screen does not fetch them up front. A string shown before
 * sign-in must be in the first.
 */
const loaders: Record<Locale, Record<Part, () => Strings>> = {
  en: { 'signed-out': () => import('./signed-out.en.ts'), 'signed-in': () => import('./signed-in.en.ts'), errors: () => import('./errors.en.ts') },
  'zh-CN': {
    'signed-out': () => import('./signed-out.zh-CN.ts'),
    'signed-in': () => import('./signed-in.zh-CN.ts'),
    errors: () => import('./errors.zh-CN.ts'),
  },
};

/** Whether the signed-in screens (every area) are in use, not only the signed-out ones. */
let everyArea = false;
/** Whether the refusals' sentences are in use (every area, or a refusal before sign-in). */
let errorArea = false;
/** The areas of screen-areas.ts a screen has asked for (loaded in every language shown since). */
const screenAreas = new Set<ScreenArea>();
const loaded = new Set<string>();
/** The language shown, or being loaded to be shown. */
let wantedLocale: Locale = 'en';

/** Loads a language's strings: the signed-out areas, every area once signed in, and the screens' own areas asked for. */
async function loadLocale(locale: Locale): Promise<void> {
  const parts: Part[] = ['signed-out'];
  if (everyArea) parts.push('signed-in');
  if (everyArea || errorArea) parts.push('errors');
  await Promise.all([
    ...parts
      .filter((part) => !loaded.has(`${locale}/${part}`))
      .map(async (part) => {
        const { default: strings } = await loaders[locale][part]();
        i18n.addResourceBundle(locale, 'translation', strings, true, true);
        loaded.add(`${locale}/${part}`);
      }),
    ...[...screenAreas]
        .filter((area) => !loaded.has(`${locale}/${area}`))
        .map(async (area) => {
          i18n.addResourceBundle(locale, 'translation', { [area]: await screenAreaStrings(locale, area) }, true, true);
          loaded.add(`${locale}/${area}`);
        }),
  ]);
}

/** Loads every area of the language; the signed-in frame waits for it (src/routes.tsx). Never rejects. */
export function loadEveryArea(): Promise<void> {
  everyArea = true;
  return loadLocale(wantedLocale).catch((error: unknown) => console.warn('Could not load the language', wantedLocale, error));
}

/** Loads the strings of a screen's own area in the language shown; its route waits for it (src/routes.tsx). Never rejects. */
export function loadScreenArea(area: ScreenArea): Promise<void> {
  screenAreas.add(area);
  return loadLocale(wantedLocale).catch((error: unknown) => console.warn('Could not load the language', wantedLocale, error));
}

/**
 * Loads the refusals' sentences of the language shown; the API client waits for it before it hands
 * a refusal to a screen (main.tsx), so a wrong password reads in the user's language. Never rejects.
 */
export function loadErrorStrings(): Promise<void> {
  errorArea = true;
  return loadLocale(wantedLocale).catch((error: unknown) => console.warn('Could not load the language', wantedLocale, error));
}

export function applyLocale(locale: Locale, remember = false): void {
  if (remember) localStorage.setItem(STORED, locale);
  document.documentElement.lang = locale;
  if (i18n.language === locale) return;
  wantedLocale = locale;
  loadLocale(locale)
    .then(() => i18n.changeLanguage(locale))
    .catch((error: unknown) => console.warn('Could not load the language', locale, error));
}

const initial = storedLocale() ?? browserLocale();
document.documentElement.lang = initial;
wantedLocale = initial;

/** Resolves when the first language's strings are in: render after it, so no key ever shows. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({ resources: {}, lng: initial, fallbackLng: false, interpolation: { escapeValue: false }, returnNull: false })
  .then(() => loadLocale(initial))
  .then(() => i18n.changeLanguage(initial));

export default i18n;
