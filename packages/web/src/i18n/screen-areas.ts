// Areas of strings only one or two lazy screens use (the jobs screen, the webhook screens, the Zealot import): each
// loads with its screen (src/routes.tsx waits for it), not with the signed-in frame, so the
// dashboard's first load (scripts/web-budget.ts) does not carry them. index.ts loads a wanted area
// again in the new language before switching to it.
export const SCREEN_AREAS = ['jobs', 'webhooks', 'zealot_import', 'mail_accounts', 'joining', 'sign_in_admin', 'link_identity', 'audit', 'system', 'site_settings', 'backups'] as const;
export type ScreenArea = (typeof SCREEN_AREAS)[number];

type Loader = () => Promise<unknown>;
/** `./locales/<language>/<area>.json` → its loader (one chunk each). */
const loaders: Record<string, Loader> = import.meta.glob('./locales/*/{jobs,webhooks,zealot_import,mail_accounts,joining,sign_in_admin,link_identity,audit,system,site_settings,backups}.json', { import: 'default' });

/** The strings of `area` in `locale`. */
export async function screenAreaStrings(locale: string, area: ScreenArea): Promise<Record<string, unknown>> {
  const load = loaders[`./locales/${locale}/${area}.json`];
  if (!load) throw new Error(`No strings for ${area} in ${locale}`);
  return (await load()) as Record<string, unknown>;
}
