// The "Builds for this device" card of the device page: the builds grouped by app and channel
// (groups in the order of their newest build), each with its version, build number, upload
// date and a link to its install page, which asks for the channel's password first where the
// visitor needs one; a pager; and what to do when there is nothing to show.
import { html } from '../../pages/html.ts';
import type { SafeHtml } from '../../pages/html.ts';
import type { PageLocale } from '../../pages/locale.ts';
import { BUILD_TEXTS } from './build-texts.ts';
import type { DeviceBuild, DeviceBuilds } from './types.ts';

export const BUILDS_CSS = `
.group{margin-top:16px}.group h3{font-size:1rem;margin:0}.group>p{margin:2px 0 0}
.dbuilds{list-style:none;padding:0;margin:6px 0 0}
.dbuilds li{display:flex;flex-wrap:wrap;gap:2px 10px;align-items:baseline;padding:10px 0;border-top:1px solid var(--line)}
.dbuilds a{display:inline-block;font-weight:600;padding:4px 0;min-height:24px}
.small{font-size:.875rem}
.tag{display:inline-block;font-size:.8rem;line-height:1.4;padding:0 8px;border:1px solid var(--line);border-radius:999px;color:var(--text)}
.tag.warn{background:var(--warn-bg);color:var(--warn-text);border-color:transparent}
.pager{display:flex;justify-content:space-between;gap:12px;margin-top:12px}
`;

export interface BuildsCardInput {
  locale: PageLocale;
  builds: DeviceBuilds;
  /** The install page of a build (the route makes it). */
  buildUrl(build: DeviceBuild): string;
  /** This device page at another page of builds. */
  pageUrl(page: number): string;
}

/** What the row's link says: "1.2.3 (45)", else the package's name, else "#12". */
function versionText(build: DeviceBuild): string {
  const { releaseVersion: version, buildVersion: number } = build;
  if (version && number) return `${version} (${number})`;
  return version ?? number ?? build.releaseName ?? `#${build.number}`;
}

/** The date the server writes; the page's script shows it in the visitor's language and zone. */
function dateElement(iso: string): SafeHtml {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${iso}`;
  return html`<time datetime="${date.toISOString()}">${date.toISOString().slice(0, 10)}</time>`;
}

/** The builds of the page, grouped by channel, in the order of each channel's newest build. */
function groupsOf(builds: DeviceBuild[]): DeviceBuild[][] {
  const groups = new Map<number, DeviceBuild[]>();
  for (const build of builds) {
    const group = groups.get(build.channelId);
    if (group) group.push(build);
    else groups.set(build.channelId, [build]);
  }
  return [...groups.values()];
}

function groupMarkup(input: BuildsCardInput, group: DeviceBuild[]): SafeHtml {
  const t = BUILD_TEXTS[input.locale];
  const first = group[0]!;
  const id = `channel-${first.channelId}`;
  const locked = !first.open;
  const rows = group.map(
    (build) => html`<li><a href="${input.buildUrl(build)}">${versionText(build)}</a>
<span class="muted small">${t.number(build.number)} · ${dateElement(build.createdAt)}</span>
${build.coverage === 'all' ? html`<span class="tag">${t.anyDevice}</span>` : ''}${build.expired ? html`<span class="tag warn">${t.expired}</span>` : ''}${locked ? html`<span class="tag">${t.password}</span>` : ''}</li>`,
  );
  return html`<section class="group" aria-labelledby="${id}">
<h3 id="${id}">${first.appName} · ${first.channelName}</h3>
<p class="muted small">${first.schemeName}${locked ? html` · ${t.passwordHint}` : ''}</p>
<ul class="dbuilds">${rows}</ul>
</section>`;
}

function pager(input: BuildsCardInput): SafeHtml | '' {
  const t = BUILD_TEXTS[input.locale];
  const { page, pages, total } = input.builds;
  if (pages <= 1) return '';
  return html`<nav class="pager small" aria-label="${t.pages}">
<span>${page > 1 ? html`<a href="${input.pageUrl(page - 1)}" rel="prev">${t.newer}</a>` : ''}</span>
<span class="muted">${t.page(page, pages, total)}</span>
<span>${page < pages ? html`<a href="${input.pageUrl(page + 1)}" rel="next">${t.older}</a>` : ''}</span>
</nav>`;
}

/** The card. `teamOnly` is the sentence shown to visitors who are not signed in, if any. */
export function buildsCard(input: BuildsCardInput, teamOnly?: SafeHtml): SafeHtml {
  const t = BUILD_TEXTS[input.locale];
  const { items, hidden } = input.builds;
  let note: SafeHtml | '' = '';
  if (hidden > 0) note = html`<p>${items.length > 0 ? t.listedMore : t.listed}</p>`;
  else if (items.length === 0) note = html`<p>${t.none}</p>`;
  return html`<section class="card" aria-labelledby="builds-heading">
<h2 id="builds-heading">${t.heading}</h2>
${items.length > 0 ? html`<p class="muted small">${t.hint}</p>` : ''}
${groupsOf(items).map((group) => groupMarkup(input, group))}
${pager(input)}
${note}
${teamOnly ?? ''}
</section>`;
}

/** Puts each build's date in the visitor's language and time zone (ES5, for old Safari). */
export const DATES_SCRIPT =
  "(function(){var t=document.querySelectorAll('time[datetime]'),i;for(i=t.length;i--;){try{" +
  "t[i].textContent=new Date(t[i].getAttribute('datetime')).toLocaleDateString(document.documentElement.lang,{year:'numeric',month:'short',day:'numeric'})" +
  '}catch(e){}}})();';

