// The language of a public page: `?lang=` when given, else the browser's Accept-Language
// (by its q weights), else the server default. Pages come in English and Simplified Chinese.
export type PageLocale = 'en' | 'zh-CN';

/**
 * The site's default language as it is now (the `default_locale` setting, read per request), or
 * `fallback` (TARMAC_DEFAULT_LOCALE) when there is no reader or it fails: a page is still served.
 */
export async function siteDefaultLocale(
  read: (() => Promise<PageLocale>) | undefined, fallback: PageLocale, log?: { warn(obj: object, msg: string): void },
): Promise<PageLocale> {
  if (!read) return fallback;
  try {
    return await read();
  } catch (error) {
    log?.warn({ err: error }, 'the site language could not be read; TARMAC_DEFAULT_LOCALE applies');
    return fallback;
  }
}

export function pageLocale(query: string | undefined, acceptLanguage: string | undefined, fallback: PageLocale): PageLocale {
  const asked = query ? match(query) : undefined;
  if (asked) return asked;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
        return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
      })
      .filter((entry) => entry.tag !== '' && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const entry of ranked) {
      const locale = match(entry.tag);
      if (locale) return locale;
    }
  }
  return fallback;
}

function match(tag: string): PageLocale | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  // Simplified Chinese: zh, zh-CN, zh-SG, zh-Hans*; Traditional (zh-TW, zh-HK, zh-Hant) still reads better in Chinese than English.
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  return undefined;
}
