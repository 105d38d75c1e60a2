// The public pages' markup: a build's install page, a channel without builds, the password
// form and the not-found page. Every user-given text (app names, changelogs, custom fields,
// branches) goes through `html`, which escapes it; links come from request.urls and the
// commit rule of fns.ts, so only http(s), itms-services and same-site links are written.
import { html, raw } from '../../pages/html.ts';
import type { SafeHtml } from '../../pages/html.ts';
import type { PageLocale } from '../../pages/locale.ts';
import type { ReleaseRow } from '../../db/types.ts';
import type { ChangelogEntry, JsonValue } from '../releases/types.ts';
import { PLATFORM_NAMES, customFieldsDisplay } from '../releases/mapper.ts';
import type { PublicChannel } from '../access/service.ts';
import type { DeviceCheck, InstallFacts, InstallProblem } from '../releases/installability.ts';
import { formatSize } from './fns.ts';
import type { InstallAction } from './fns.ts';
import type { MessageKey, Translate } from './messages.ts';
import type { BuildList } from './service.ts';
import type { DeviceOs } from './fns.ts';
import { TIME_SCRIPT, androidRequirement, changelogSection, isHandheld, qrFigure, showsQr, stepsSection, timeElement } from './sections.ts';
import { PROBLEMS_CSS, deviceCheckMarkup, problemsMarkup, rowMarker } from './problems-view.ts';

export interface Frame {
  locale: PageLocale;
  t: Translate;
  /** The same page in the other language. */
  switchHref: string;
  /** The site_title setting, when the page knows it (else the messages' site name). */
  siteTitle?: string;
}

export interface View {
  title: string;
  body: SafeHtml;
}

/** Extra CSS of the install pages (the shell's variables give light and dark). */
export const PAGE_CSS = `
.head{display:flex;gap:16px;align-items:center}
.icon{width:72px;height:72px;border-radius:16px;flex:none;object-fit:cover;background:var(--line)}
.top{display:flex;flex-wrap:wrap;gap:20px;justify-content:space-between}
.top>div:first-child{flex:1 1 300px;min-width:0}
.actions{margin:20px 0 4px}.actions p{margin:10px 0 0}
.qrbox{text-align:center;flex:0 0 auto;margin:0 auto}.flush{margin:0}
.qr{width:180px;height:180px;padding:6px;border-radius:8px;display:block;margin:0 auto 6px;background:#fff;forced-color-adjust:none;filter:none}
.steps{margin:0;padding-left:22px}.steps li{margin-bottom:6px}
@media (hover:none) and (pointer:coarse){.qrbox.desk{display:none}}
.small{font-size:.875rem}
.ways{display:flex;flex-wrap:wrap;gap:12px 20px;align-items:center;margin:20px 0 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{color:var(--muted)}dd{margin:0;min-width:0;overflow-wrap:anywhere}
.json{margin:0;max-height:20rem;overflow:auto;padding:8px 10px;border:1px solid var(--line);border-radius:8px;background:var(--bg);white-space:pre;font-size:.875rem}.json code{word-break:normal}
.log{margin:0;padding-left:20px}.log li{white-space:pre-line;overflow-wrap:anywhere;margin-bottom:8px}
.builds{list-style:none;margin:0;padding:0}.builds li{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;justify-content:space-between;padding:10px 0;border-top:1px solid var(--line)}
.builds .here{font-weight:600}
.pager{display:flex;justify-content:space-between;gap:12px;margin-top:12px}
footer{text-align:center;font-size:.875rem}
button.button{font-family:inherit}
.copy{user-select:all}
@media (max-width:599px){.actions .button{display:block;text-align:center}}
${PROBLEMS_CSS}`;

/**
 * The inline script: shows times in the visitor's time zone (TIME_SCRIPT), and, on a Mac
 * User-Agent with a touch screen (an iPad in desktop mode), the iPad's action instead of the
 * Mac's. ES5, so old Safari runs it.
 */
export const PAGE_SCRIPT =
  '(function(){' +
  TIME_SCRIPT +
  "var m=d.getElementById('act-mac'),p=d.getElementById('act-ipad');" +
  'if(m&&p&&navigator.maxTouchPoints>1){m.hidden=true;p.hidden=false}})();';

export function footer(frame: Frame): SafeHtml {
  return html`<footer class="muted"><a href="${frame.switchHref}" hreflang="${frame.locale === 'en' ? 'zh-CN' : 'en'}">${frame.t('language.switch')}</a> · ${frame.siteTitle ?? frame.t('site.name')}</footer>`;
}

export function notFoundView(frame: Frame): View {
  const { t } = frame;
  return {
    title: t('notFound.title'),
    body: html`<main>
<section class="card"><h1>${t('notFound.heading')}</h1><p>${t('notFound.body')}</p><p class="muted">${t('notFound.hint')}</p>
<p class="ways"><a class="button" href="/">${t('notFound.home')}</a> <a href="/login">${t('notFound.signIn')}</a></p></section>
${footer(frame)}
</main>`,
  };
}

/** A refusal a browser's page or form request met (pages/error-page.ts): what happened, in the visitor's language. */
export function errorView(frame: Frame, sentence: MessageKey, params: Record<string, string | number> = {}): View {
  const { t } = frame;
  return {
    title: t('error.title'),
    body: html`<main>
<section class="card"><h1>${t('error.heading')}</h1><p>${t(sentence, params)}</p>
<p class="ways"><a class="button" href="/">${t('notFound.home')}</a></p></section>
${footer(frame)}
</main>`,
  };
}

export function passwordView(frame: Frame, form: { action: string; back: string; wrong: boolean; tooMany?: number }): View {
  const { t } = frame;
  return {
    title: t('password.title'),
    body: html`<main>
<section class="card" aria-labelledby="password-heading">
<h1 id="password-heading">${t('password.heading')}</h1>
<p>${t('password.body')}</p>
<form method="post" action="${form.action}">
<input type="hidden" name="back" value="${form.back}">
<p><label for="password">${t('password.label')}</label></p>
<p><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024" autofocus${form.wrong ? raw(' aria-invalid="true" aria-describedby="password-error"') : ''}></p>
${form.wrong ? html`<p id="password-error" class="error" role="alert">${t('password.wrong')}</p>` : ''}
${form.tooMany ? html`<p class="error" role="alert">${t('password.too_many', { minutes: String(form.tooMany) })}</p>` : ''}
<p><button class="button" type="submit">${t('password.submit')}</button></p>
</form>
</section>
${footer(frame)}
</main>`,
  };
}

export function emptyChannelView(frame: Frame, channel: PublicChannel, subscribe?: SafeHtml): View {
  const { t } = frame;
  return {
    title: `${t('empty.title')} · ${channel.app_name}`,
    body: html`<main>
<section class="card"><h1>${t('empty.heading')}</h1><p>${t('empty.body', { app: channel.app_name, scheme: channel.scheme_name, channel: channel.name })}</p></section>
${subscribe ?? ''}
${footer(frame)}
</main>`,
  };
}

/** An install or download link for one build, made by the route (it holds the grant). */
export interface BuildLinks {
  /** itms-services://… for iOS builds, else the download URL. */
  install: string;
  download: string;
}

export interface ReleaseViewModel {
  channel: PublicChannel;
  release: ReleaseRow;
  /** The page's absolute URL (QR code, the address to copy). */
  pageUrl: string;
  qrSvg: string;
  /** Same-site path of the icon (with the grant), or null. */
  iconSrc: string | null;
  links: BuildLinks;
  /** The action for this device; `ipad` too when the User-Agent says Mac and an iPad would differ. */
  action: InstallAction;
  ipadAction?: InstallAction;
  /** The visitor's system: a phone or tablet gets the tester's page (sections.ts). */
  os: DeviceOs;
  /** The link base of iOS installs, for the "cannot install from here" sentence. */
  base: string;
  /** Why iOS installs cannot work from this base (iosInstallProblem), or null. */
  iosProblem: 'http' | 'loopback' | null;
  commitHref: string | null;
  /** Why this build cannot install on this device (installability), and how its device list was checked. */
  problems: InstallProblem[];
  deviceCheck: DeviceCheck;
  builds: BuildList;
  /** The links of a row of the builds list. */
  buildHref(row: { id: number }): string;
  buildLinks(row: { id: number; platform: ReleaseRow['platform'] }): BuildLinks;
  buildAction(row: { platform: ReleaseRow['platform']; format: string } & InstallFacts): InstallAction;
  /** Why a build of the list cannot install on this device. */
  buildProblems(row: InstallFacts): InstallProblem[];
  pageHref(page: number): string;
  /** The "new builds by email" form (subscribers), when mail is configured. */
  subscribe?: SafeHtml | undefined;
}

/** A stored JSON column; [] when it cannot be read. */
function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return [];
  }
}

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function versionLabel(release: Pick<ReleaseRow, 'release_version' | 'build_version'>): string {
  const { release_version: version, build_version: build } = release;
  if (version && build) return `${version} (${build})`;
  return version ?? build ?? '';
}

function deviceName(t: Translate, deviceType: string): string {
  const key = `device.${deviceType.toLowerCase()}` as MessageKey;
  const known: readonly string[] = ['device.iphone', 'device.ipad', 'device.universal', 'device.phone', 'device.tablet', 'device.watch', 'device.tv', 'device.desktop'];
  return known.includes(key) ? t(key) : deviceType;
}

function minOs(platform: string, version: string): string {
  if (platform === 'android' && androidRequirement(version)) return androidRequirement(version)!;
  if (platform === 'android' || platform === 'harmonyos') return /^\d+$/.test(version) ? `${PLATFORM_NAMES[platform]} API ${version}` : `${PLATFORM_NAMES[platform]} ${version}`;
  return `${PLATFORM_NAMES[platform] ?? platform} ${version}`;
}

function actionMarkup(frame: Frame, model: ReleaseViewModel, action: InstallAction, id: string, hidden: boolean): SafeHtml {
  const { t } = frame;
  const { release, links } = model;
  const platform = PLATFORM_NAMES[release.platform] ?? release.platform;
  const size = formatSize(Number(release.size));
  let inner: SafeHtml;
  switch (action.kind) {
    case 'install':
      inner = html`<a class="button" href="${links.install}">${t('action.install')}</a>
${action.appleSilicon ? html`<p class="muted small">${t('action.appleSilicon')}</p>` : ''}
${deviceCheckMarkup(t, model.deviceCheck)}`;
      break;
    case 'download':
      inner = html`<a class="button" href="${links.download}">${t('action.download')}</a> <span class="muted small">${size}</span>`;
      break;
    case 'unsupported':
      inner = html`<p class="notice">${action.reason === 'bundle' ? t('action.bundle') : t('action.unsupported', { platform })}</p>
${action.download ? html`<p><a href="${links.download}">${t('action.downloadFile', { size })}</a></p>` : ''}`;
      break;
    case 'inApp': {
      const open = t(release.platform === 'ios' ? 'action.inApp.safari' : 'action.inApp.browser');
      inner = html`<p class="notice" role="alert">${t('action.inApp', { browser: t(`browser.${action.browser}` as const), open })}</p>
<p class="small">${t('action.inApp.copy')} <code class="copy">${model.pageUrl}</code></p>`;
      break;
    }
    case 'iosUnavailable':
      inner = html`<p class="notice" role="alert">${t(action.problem === 'http' ? 'action.ios.http' : 'action.ios.loopback', { base: model.base })}</p>`;
      break;
    case 'blocked':
      inner = action.download ? html`<p><a href="${links.download}">${t('blocked.downloadFile', { size })}</a></p>` : html``;
      break;
    case 'archived':
      inner = html``;
      break;
    case 'fileMissing':
      inner = html`<p class="notice" role="alert">${t('action.fileMissing')}</p>`;
      break;
  }
  return html`<div class="actions" id="${id}"${hidden ? raw(' hidden') : ''}>${inner}</div>`;
}

function rowAction(frame: Frame, model: ReleaseViewModel, row: BuildList['rows'][number]): SafeHtml {
  const action = model.buildAction(row);
  const number = String(row.version);
  const marker = rowMarker(frame.t, model.buildProblems(row));
  const link = (href: string, label: string) => html`<a href="${href}" aria-label="${label} #${number}">${label}</a>`;
  let offer: SafeHtml | '' = '';
  if (action.kind === 'install') offer = link(model.buildLinks(row).install, frame.t('action.install'));
  else if (action.kind === 'download' || ((action.kind === 'unsupported' || action.kind === 'blocked') && action.download)) {
    offer = link(model.buildLinks(row).download, frame.t('action.download'));
  }
  if (marker.toString() === '') return offer || html``;
  return html`<span>${marker}${offer ? html` ${offer}` : ''}</span>`;
}

function buildsSection(frame: Frame, model: ReleaseViewModel): SafeHtml {
  const { t } = frame;
  const { builds } = model;
  const rows = builds.rows.map((row) => {
    const here = row.id === model.release.id;
    return html`<li${here ? raw(' class="here" aria-current="page"') : ''}><span><a href="${model.buildHref(row)}">${versionLabel(row) || `#${row.version}`}</a> <span class="muted small">#${row.version} · ${timeElement(frame.locale, row.created_at)}</span></span> ${rowAction(frame, model, row)}</li>`;
  });
  const pager =
    builds.pages > 1
      ? html`<nav class="pager small" aria-label="${t('builds.heading')}">
<span>${builds.page > 1 ? html`<a href="${model.pageHref(builds.page - 1)}" rel="prev">${t('builds.newer')}</a>` : ''}</span>
<span class="muted">${t('builds.page', { page: builds.page, pages: builds.pages, total: builds.total })}</span>
<span>${builds.page < builds.pages ? html`<a href="${model.pageHref(builds.page + 1)}" rel="next">${t('builds.older')}</a>` : ''}</span>
</nav>`
      : '';
  return html`<section class="card" aria-labelledby="builds-heading"><h2 id="builds-heading">${t('builds.heading')}</h2><ul class="builds">${rows}</ul>${pager}</section>`;
}

/**
 * The facts of the Details card. A phone or tablet leaves out what its header already says
 * (version, number, platform, size, time) and what only the team reads (requirement, counters).
 */
function releaseFacts(frame: Frame, model: ReleaseViewModel, handheld: boolean): [string, SafeHtml | string][] {
  const { t } = frame;
  const { release } = model;
  const platform = PLATFORM_NAMES[release.platform] ?? release.platform;
  const custom = customFieldsDisplay(parseJson(release.custom_fields));
  const facts: [string, SafeHtml | string][] = [];
  if (!handheld) {
    facts.push(
      [t('release.version'), versionLabel(release) || release.file_name],
      [t('release.number'), `#${release.version}`],
      [t('release.platform'), `${platform} · ${deviceName(t, release.device_type)}`],
    );
  }
  if (release.bundle_id) facts.push([t('release.bundleId'), html`<code>${release.bundle_id}</code>`]);
  if (!handheld) facts.push([t('release.size'), formatSize(Number(release.size))], [t('release.uploaded'), timeElement(frame.locale, release.created_at)]);
  if (release.release_type) facts.push([t('release.type'), release.release_type]);
  if (release.branch) facts.push([t('release.branch'), html`<code>${release.branch}</code>`]);
  if (release.git_commit) {
    const short = /^[0-9a-fA-F]{13,}$/.test(release.git_commit) ? release.git_commit.slice(0, 12) : release.git_commit;
    facts.push([t('release.commit'), model.commitHref ? html`<a href="${model.commitHref}" rel="noopener noreferrer"><code>${short}</code></a>` : html`<code>${short}</code>`]);
  }
  if (!handheld) {
    if (release.min_os_version) facts.push([t('release.minOs'), minOs(release.platform, release.min_os_version)]);
    facts.push([t('release.downloads'), String(release.download_count ?? 0)], [t('release.installs'), String(release.install_count ?? 0)]);
  }
  if (custom.kind === 'fields') for (const field of custom.fields) facts.push([field.name, field.value]);
  // Any other JSON, formatted; focusable so a keyboard can scroll it.
  if (custom.kind === 'json') {
    facts.push([t('release.customFields'), html`<pre class="json" tabindex="0" role="region" aria-label="${t('release.customFields')}"><code>${custom.text}</code></pre>`]);
  }
  return facts;
}

function detailsSection(frame: Frame, facts: [string, SafeHtml | string][]): SafeHtml {
  if (facts.length === 0) return html``;
  return html`<section class="card" aria-labelledby="details-heading">
<h2 id="details-heading">${frame.t('release.details')}</h2>
<dl>${facts.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>
</section>`;
}

export function releaseView(frame: Frame, model: ReleaseViewModel): View {
  const { t } = frame;
  const { channel, release } = model;
  const name = release.name ?? channel.app_name;
  const version = versionLabel(release);
  const platform = PLATFORM_NAMES[release.platform] ?? release.platform;
  const archived = Boolean(channel.app_archived);
  const handheld = isHandheld(model.os);

  const ipad = model.ipadAction;
  // Visitors who could not install an iOS build here anyway (another device, an in-app
  // browser) still learn that iOS installs cannot work from this address.
  const iosNote = release.platform === 'ios' && !archived && model.action.kind !== 'iosUnavailable' ? model.iosProblem : null;
  const body = html`<main>
${archived ? html`<p class="notice" role="alert">${t('action.archived')}</p>` : ''}
<section class="card" aria-labelledby="app-name">
<div class="top">
<div>
<div class="head">
${model.iconSrc ? html`<img class="icon" src="${model.iconSrc}" alt="${t('release.icon')}" width="72" height="72">` : ''}
<div><h1 id="app-name">${name}</h1><p class="muted small flush">${t('release.placement', { app: channel.app_name, scheme: channel.scheme_name, channel: channel.name })}</p></div>
</div>
<p>${version ? html`<strong>${version}</strong> · ` : ''}${t('release.build', { number: release.version })} · ${platform} · ${formatSize(Number(release.size))}</p>
${handheld ? html`<p class="muted small">${t('release.uploaded')} ${timeElement(frame.locale, release.created_at)}</p>` : ''}
${archived ? '' : problemsMarkup(t, model.problems)}
${actionMarkup(frame, model, model.action, 'act-mac', false)}
${ipad ? actionMarkup(frame, model, ipad, 'act-ipad', true) : ''}
${iosNote ? html`<p class="notice">${t(iosNote === 'http' ? 'action.ios.http' : 'action.ios.loopback', { base: model.base })}</p>` : ''}
</div>
${showsQr(model.os, model.action) ? qrFigure(t, model.qrSvg, !handheld) : ''}
</div>
</section>
${changelogSection(t, frame.locale, parseList<Partial<ChangelogEntry>>(release.changelog))}
${stepsSection(t, release, archived || model.problems.length > 0)}
${detailsSection(frame, releaseFacts(frame, model, handheld))}
${buildsSection(frame, model)}
${model.subscribe ?? ''}
${footer(frame)}
</main>`;
  return { title: t('release.title', { app: name, version }).trim(), body };
}
