// Parts of a build's install page that depend on where it is read (issue 14, items 3 and 5):
// times in the one format of src/pages/format.ts, the changelog with its dates formatted, the
// short "how to install" steps of the build's platform, the QR code (desktops, and phones that
// cannot install the build themselves) and the facts a phone leaves out.
import { html, raw } from '../../pages/html.ts';
import type { SafeHtml } from '../../pages/html.ts';
import { DATE_TIME_OPTIONS, changelogDate, formatDate, formatDateTime } from '../../pages/format.ts';
import type { PageLocale } from '../../pages/locale.ts';
import type { DeviceType } from '../../db/types.ts';
import type { ChangelogEntry } from '../releases/types.ts';
import type { DeviceOs, InstallAction } from './fns.ts';
import { isDesktop } from './fns.ts';
import type { MessageKey, Translate } from './messages.ts';

/**
 * A moment as `<time datetime>`: the server writes it in UTC ("Nov 26, 2026, 2:40 AM UTC"), then
 * the page's script (TIME_SCRIPT) rewrites it in the visitor's zone, which only the browser knows.
 */
export function timeElement(locale: PageLocale, iso: string): SafeHtml {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${iso}`;
  return html`<time datetime="${date.toISOString()}">${formatDateTime(iso, locale, 'UTC')} UTC</time>`;
}

/**
 * The script's part that puts every `time[datetime]` holding a moment (not a day alone) in the
 * visitor's zone and the page's language, with the options formatDateTime uses. ES5.
 */
export const TIME_SCRIPT =
  "var d=document,t=d.querySelectorAll('time[datetime]'),i,f;" +
  `try{f=new Intl.DateTimeFormat(d.documentElement.lang,${JSON.stringify(DATE_TIME_OPTIONS)})}catch(e){}` +
  "for(i=0;f&&i<t.length;i++){var v=t[i].getAttribute('datetime');" +
  "if(v.indexOf('T')>0){try{t[i].textContent=f.format(new Date(v))}catch(e){}}}";

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

/** An entry's date: a day as that day, a moment as a time element, anything else as sent. */
function entryDate(locale: PageLocale, text: string): SafeHtml | string {
  const parsed = changelogDate(text);
  if (!parsed) return text;
  if (parsed.dateOnly) return html`<time datetime="${parsed.iso.slice(0, 10)}">${formatDate(parsed.iso, locale)}</time>`;
  return timeElement(locale, parsed.iso);
}

export function changelogSection(t: Translate, locale: PageLocale, entries: Partial<ChangelogEntry>[]): SafeHtml {
  const list = entries.filter((entry) => entry && asText(entry.message).trim() !== '');
  const items = list.map((entry) => {
    const author = asText(entry.author);
    const date = asText(entry.date).trim();
    const meta = [author ? html`${author}` : '', date ? entryDate(locale, date) : ''].filter((part) => part !== '');
    const metaHtml = meta.length > 0 ? html` <span class="muted small">${meta.flatMap((part, index) => (index > 0 ? [' · ', part] : [part]))}</span>` : '';
    return html`<li>${asText(entry.message)}${metaHtml}</li>`;
  });
  return html`<section class="card" aria-labelledby="changes-heading">
<h2 id="changes-heading">${t('release.changelog')}</h2>
${items.length > 0 ? html`<ul class="log">${items}</ul>` : html`<p class="muted">${t('release.noChangelog')}</p>`}
</section>`;
}

/** How many steps each platform's guide has (messages steps.<platform>.<n>). */
const STEPS: Record<DeviceType, number> = { ios: 4, android: 4, harmonyos: 2, macos: 2, windows: 2, linux: 2 };

/**
 * The short steps to install a build of this platform: iOS trusting an enterprise developer and
 * Developer Mode, Android allowing unknown sources, Gatekeeper and SmartScreen on desktops.
 * None for an archived app or an App Bundle (nothing installs those).
 */
export function stepsSection(t: Translate, build: { platform: DeviceType; format: string }, archived: boolean): SafeHtml {
  const count = STEPS[build.platform];
  if (archived || build.format === 'aab' || !count) return html``;
  const steps = Array.from({ length: count }, (_, index) => html`<li>${t(`steps.${build.platform}.${index + 1}` as MessageKey)}</li>`);
  const udid = build.platform === 'ios' ? html`<p class="small">${t('steps.ios.udid')} <a href="/udid">${t('steps.ios.udidLink')}</a></p>` : '';
  return html`<section class="card" aria-labelledby="steps-heading">
<h2 id="steps-heading">${t('steps.heading')}</h2>
<ol class="steps">${steps}</ol>
${udid}
</section>`;
}

/** Phones and tablets: the page reads as a tester's, without the QR code and the team's counters. */
export function isHandheld(os: DeviceOs): boolean {
  return !isDesktop(os) && os !== 'other';
}

/**
 * Whether the page carries the QR code: always on a desktop; on a phone or tablet only when this
 * device cannot install the build, so the right one can scan it from the screen.
 */
export function showsQr(os: DeviceOs, action: InstallAction): boolean {
  return !isHandheld(os) || action.kind === 'unsupported';
}

/**
 * The QR code figure; dark modules on a white quiet zone in both colour schemes (PAGE_CSS `.qr`).
 * `desktop`: shown for a desktop User-Agent, so hidden by CSS on a touch screen without a
 * mouse (an iPad in desktop mode sends a Mac's User-Agent).
 */
export function qrFigure(t: Translate, svg: string, desktop: boolean): SafeHtml {
  return html`<figure class="qrbox${desktop ? ' desk' : ''}">${raw(svg)}<figcaption class="muted small">${t('qr.caption')}</figcaption></figure>`;
}

// Android API levels as the versions people know (developer.android.com/tools/releases/platforms).
const ANDROID_VERSIONS: Record<string, string> = {
  '14': '4.0', '15': '4.0.3', '16': '4.1', '17': '4.2', '18': '4.3', '19': '4.4', '20': '4.4W', '21': '5.0', '22': '5.1', '23': '6.0',
  '24': '7.0', '25': '7.1', '26': '8.0', '27': '8.1', '28': '9', '29': '10', '30': '11', '31': '12', '32': '12L', '33': '13',
  '34': '14', '35': '15', '36': '16',
};

/** "Android 4.0 (API 14)" rather than "Android API 14". */
export function androidRequirement(apiLevel: string): string | undefined {
  const version = ANDROID_VERSIONS[apiLevel];
  return version ? `Android ${version} (API ${apiLevel})` : undefined;
}
