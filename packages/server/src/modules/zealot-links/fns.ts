// Zealot's web paths and what they mean, as data: which thing a path names (an app, a channel,
// a debug file…) so the service can find where it lives in Tarmac. Pure: no database.

/** A positive id as Zealot's routes take it (digits only, no sign, no leading zero). */
const ID = /^[1-9]\d{0,11}$/;

export function parseId(text: string | undefined): number | undefined {
  return text !== undefined && ID.test(text) ? Number(text) : undefined;
}

/** The query of a request URL, with its `?`, or ''. */
export function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

/** A same-site path with the request's query kept and, optionally, parameters of its own set. */
export function withQuery(path: string, url: string, extra: Record<string, string> = {}): string {
  if (Object.keys(extra).length === 0) return path + queryOf(url);
  const query = new URLSearchParams(queryOf(url).slice(1));
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Paths whose id a remapped Zealot id is swapped in (the rest of the path and the query stay). */
export const ID_IN_PATH = {
  release: /^(\/channels\/[^/?]+\/releases\/)\d+/,
  download: /^(\/download\/releases\/)\d+/,
  debugFile: /^(\/download\/debug_files\/)\d+/,
};

/** The request URL with the id after `prefix` (a regular expression capturing what precedes it) replaced. */
export function withNewId(url: string, prefix: RegExp, id: number): string {
  return url.replace(prefix, (whole, start: string) => `${start}${id}`);
}

/** What a Zealot path under /apps names, for the web app's screens. */
export type AppsPath =
  | { kind: 'apps'; archived: boolean; create: boolean }
  | { kind: 'app'; appId: number; exact: boolean }
  | { kind: 'channel'; appId: number; channelId: number; edit: boolean }
  | { kind: 'debug-files'; appId: number; platform: string };

/**
 * Zealot's app screens (config/routes.rb `resources :apps`): `/apps/archived`, `/apps/new`,
 * `/apps/:id` (Tarmac's own path too: `exact`), `/apps/:id/edit|new_owner`,
 * `/apps/:id/schemes/…`, `/apps/:id/collaborators/…`, `/apps/:app_id/schemes/:scheme_id/channels/:id[/edit]`,
 * `/apps/:app_id/debug_files/:device`. Tarmac's own deeper paths (`/apps/:id/channels/…`) are not Zealot's.
 */
export function parseAppsPath(pathname: string): AppsPath | undefined {
  const parts = pathname.split('/').slice(1);
  if (parts[0] !== 'apps') return undefined;
  if (parts.length === 2 && (parts[1] === 'archived' || parts[1] === 'new')) {
    return { kind: 'apps', archived: parts[1] === 'archived', create: parts[1] === 'new' };
  }
  const appId = parseId(parts[1]);
  if (appId === undefined) return undefined;
  if (parts.length === 2) return { kind: 'app', appId, exact: true };
  const [, , section, second, third, fourth, fifth] = parts;
  if (parts.length === 3 && (section === 'edit' || section === 'new_owner')) return { kind: 'app', appId, exact: false };
  if (section === 'collaborators' && parts.length <= 5) return { kind: 'app', appId, exact: false };
  if (section === 'debug_files' && parts.length === 4 && second) return { kind: 'debug-files', appId, platform: second.toLowerCase() };
  if (section !== 'schemes' || parts.length > 7) return undefined;
  const channelId = parseId(fourth);
  if (third === 'channels' && channelId !== undefined && (parts.length === 6 || fifth === 'edit')) {
    return { kind: 'channel', appId, channelId, edit: fifth === 'edit' };
  }
  // new / :id/edit of a scheme, channels/new of a scheme: the app's screen, where they are made.
  const schemeForm = parts.length === 4 ? second === 'new' : parts.length === 5 && parseId(second) !== undefined && third === 'edit';
  const channelForm = parts.length === 6 && third === 'channels' && fourth === 'new';
  return schemeForm || channelForm ? { kind: 'app', appId, exact: false } : undefined;
}

/** Zealot's channel list filters (`/:slug/versions/:name` …) as the web app's builds filters. */
export const CHANNEL_FILTERS: Record<string, string> = { versions: 'q', branches: 'branch', release_types: 'type' };
