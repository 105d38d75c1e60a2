// The language of accounts made without one (sign-up, invitations, sign-in providers' first
// sign-in): the `default_locale` setting, read when the account is made (TARMAC_DEFAULT_LOCALE
// is the setting's environment override). A fixed value still works (tests, the CLI).
export type SiteLocale = 'en' | 'zh-CN';
export type SiteLocaleSource = SiteLocale | (() => Promise<SiteLocale>);

export async function siteLocale(source: SiteLocaleSource): Promise<SiteLocale> {
  return typeof source === 'function' ? source() : source;
}
