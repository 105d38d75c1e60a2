// The /udid pages, in English and Simplified Chinese: the start page (a button on iPhone and
// iPad, a QR code elsewhere, a prompt inside in-app browsers) and the device's result page.
// Markup only; the routes decide what to show.
import { html, raw } from '../../pages/html.ts';
import type { SafeHtml } from '../../pages/html.ts';
import type { PageLocale } from '../../pages/locale.ts';
import { iosMajorFromBuild } from './models.ts';
import type { VisitorDevice } from './user-agent.ts';
import { buildsCard } from './builds-view.ts';
import type { BuildsCardInput } from './builds-view.ts';
import type { Device, PublicDevice } from './types.ts';

export const UDID_TEXTS = {
  en: {
    startTitle: "Find your device's UDID",
    intro: 'The UDID identifies an iPhone or iPad. Your team needs it to add the device to the provisioning profile of their test builds.',
    button: "Get this device's UDID",
    steps: [
      'Tap the button and allow the download.',
      'Open Settings, tap “Profile Downloaded” and then Install. (On older iOS: Settings → General → VPN & Device Management.)',
      'Safari opens again and shows the UDID. The profile does not stay installed.',
    ],
    sends: 'The device sends its UDID, model, iOS version, serial number, IMEI and name to this server, which keeps them for the team.',
    otherHeading: 'Open this page on the iPhone or iPad',
    otherText: 'Scan the code with the Camera app, or open this address in Safari:',
    qrLabel: 'QR code of this page',
    inApp: (app: string) => `${app} cannot install the profile. Tap ··· and choose “Open in Safari” (or “Open in Browser”), or copy this address into Safari:`,
    http: 'This server is reached over plain http://. iOS sends device details only to an https:// address with a trusted certificate, so this will not work until Tarmac is served over HTTPS (set TARMAC_URL to its https:// address).',
    loopback: (base: string) =>
      `This page was opened at ${base}, a loopback address the iPhone cannot reach. Open Tarmac at its real https:// address (set TARMAC_URL).`,
    resultTitle: "This device's UDID",
    copy: 'Copy',
    copied: 'Copied',
    name: 'Name',
    model: 'Model',
    ios: 'iOS',
    build: 'build',
    serial: 'Serial number',
    imei: 'IMEI',
    registered: 'First seen',
    teamOnly: 'The device’s name, serial number, IMEI and the builds that list it are shown to signed-in team members.',
    teamList: 'Open in the team’s device list',
    another: 'Check another device',
    unknownTitle: 'Device not registered',
    unknown: 'Tarmac has no device with this UDID. On the iPhone or iPad, open this address in Safari and install the profile: the device then registers itself.',
  },
  'zh-CN': {
    startTitle: '获取设备 UDID',
    intro: 'UDID 是 iPhone 或 iPad 的唯一标识。团队需要它，才能把这台设备加入测试构建的描述文件（provisioning profile）。',
    button: '获取本机 UDID',
    steps: [
      '点击按钮，允许下载描述文件。',
      '打开“设置”，点击“已下载描述文件”，然后点击“安装”。（较早的 iOS：设置 → 通用 → VPN 与设备管理。）',
      'Safari 会重新打开并显示 UDID。描述文件不会保留在设备上。',
    ],
    sends: '设备会把 UDID、型号、iOS 版本、序列号、IMEI 和设备名称发送到本服务器，由服务器为团队保存。',
    otherHeading: '请在 iPhone 或 iPad 上打开此页面',
    otherText: '用“相机”扫描二维码，或在 Safari 中打开以下地址：',
    qrLabel: '本页面的二维码',
    inApp: (app: string) => `${app} 内无法安装描述文件。请点击右上角 ··· 选择“在 Safari 中打开”（或“在浏览器中打开”），或将以下地址复制到 Safari：`,
    http: '当前通过 http:// 访问本服务器。iOS 只会把设备信息发送到使用受信任证书的 https:// 地址，因此在 Tarmac 通过 HTTPS 提供服务之前无法使用（请把 TARMAC_URL 设为 https:// 地址）。',
    loopback: (base: string) => `当前页面地址 ${base} 是本机回环地址，iPhone 无法访问。请通过 Tarmac 的真实 https:// 地址打开（设置 TARMAC_URL）。`,
    resultTitle: '本机 UDID',
    copy: '复制',
    copied: '已复制',
    name: '名称',
    model: '型号',
    ios: 'iOS',
    build: '内部版本',
    serial: '序列号',
    imei: 'IMEI',
    registered: '首次登记',
    teamOnly: '设备名称、序列号、IMEI 以及包含此设备的构建仅向已登录的团队成员显示。',
    teamList: '在团队设备列表中查看',
    another: '查看其他设备',
    unknownTitle: '设备尚未登记',
    unknown: 'Tarmac 中没有这个 UDID 的设备。请在 iPhone 或 iPad 上用 Safari 打开以下地址并安装描述文件，设备会自动登记。',
  },
} as const;

export const UDID_CSS = `
.steps{padding-left:1.4em;margin:16px 0 0}.steps li{margin-bottom:6px}
.qr{display:block;width:220px;height:220px;margin:8px auto 12px;background:#fff;border-radius:8px}
.center{text-align:center}
.udid{font:600 1.25rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:center;margin:8px 0 16px;word-break:break-all;-webkit-user-select:all;user-select:all}
.row{display:flex;gap:8px;align-items:center;justify-content:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{color:var(--muted)}dd{margin:0;word-break:break-word}
`;

/** Shows the iPhone section on an iPad in desktop mode (its user agent says Macintosh). */
export const START_SCRIPT =
  "(function(){var m=document.querySelector('main');if(!m||m.getAttribute('data-platform')!=='mac'||!(navigator.maxTouchPoints>1))return;" +
  "var i=document.getElementById('ios'),o=document.getElementById('other');if(i)i.hidden=false;if(o)o.hidden=true;})();";

/** The copy button: the clipboard API, else select the UDID's text and execCommand('copy'). */
export const RESULT_SCRIPT =
  "(function(){var b=document.getElementById('copy'),f=document.getElementById('udid'),s=document.getElementById('copied');if(!b||!f)return;" +
  'function done(){if(s){s.hidden=false;setTimeout(function(){s.hidden=true},2000)}}' +
  'function fallback(){try{var r=document.createRange();r.selectNodeContents(f);var g=window.getSelection();g.removeAllRanges();g.addRange(r);' +
  "if(document.execCommand('copy'))done()}catch(e){}}" +
  "b.addEventListener('click',function(){var t=f.textContent||'';if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(t).then(done,fallback)}else{fallback()}});})();";

export interface StartPageInput {
  locale: PageLocale;
  visitor: VisitorDevice;
  /** The absolute /udid address, shown and in the QR code. */
  pageUrl: string;
  installUrl: string;
  problem: 'http' | 'loopback' | null;
  base: string;
  /** The QR code of pageUrl, as SVG markup we generated. */
  qrSvg: string;
}

export function startPage(input: StartPageInput): { title: string; body: SafeHtml } {
  const t = UDID_TEXTS[input.locale];
  const { platform, inApp } = input.visitor;
  const appleDevice = platform === 'ios';
  const problem =
    input.problem === 'http' ? html`<p class="notice" role="alert">${t.http}</p>` : input.problem === 'loopback' ? html`<p class="notice" role="alert">${t.loopback(input.base)}</p>` : '';
  const address = html`<p class="center"><code>${input.pageUrl}</code></p>`;
  const iosSection = html`<section class="card" id="ios"${appleDevice ? '' : raw(' hidden')}>
${
  inApp
    ? html`<p class="notice" role="alert">${t.inApp(inApp)}</p>${address}`
    : html`<p class="center"><a class="button" href="${input.installUrl}">${t.button}</a></p>
<ol class="steps">${t.steps.map((step) => html`<li>${step}</li>`)}</ol>`
}
</section>`;
  const qr = raw(input.qrSvg.replace('<svg ', `<svg class="qr" role="img" aria-label="${t.qrLabel}" `));
  const otherSection = html`<section class="card" id="other"${appleDevice ? raw(' hidden') : ''}>
<h2>${t.otherHeading}</h2>
<p>${t.otherText}</p>
${qr}
${address}
</section>`;
  const body = html`<main data-platform="${platform}">
<div class="card"><h1>${t.startTitle}</h1><p class="muted">${t.intro}</p></div>
${problem}
${iosSection}
${otherSection}
<p class="muted">${t.sends}</p>
</main>`;
  return { title: t.startTitle, body };
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

/** The device's model as people know it, with Apple's product code: "iPhone 15 (iPhone15,4)". */
function modelOf(device: { model: string | null; product: string | null }): string | null {
  if (!device.product) return null;
  return device.model ? `${device.model} (${device.product})` : device.product;
}

/** The card both device pages open with: the UDID and a button that copies it. */
function udidCard(t: (typeof UDID_TEXTS)[PageLocale], udid: string): SafeHtml {
  return html`<section class="card">
<h1>${t.resultTitle}</h1>
<p class="udid"><code id="udid">${udid}</code></p>
<div class="row"><button class="button" id="copy" type="button">${t.copy}</button><span id="copied" role="status" hidden>${t.copied}</span></div>
</section>`;
}

export interface ResultPageInput {
  locale: PageLocale;
  device: Device;
  /** The builds card's page of builds and its links. */
  builds: Omit<BuildsCardInput, 'locale'>;
  startUrl: string;
}

export function resultPage(input: ResultPageInput): { title: string; body: SafeHtml } {
  const t = UDID_TEXTS[input.locale];
  const { device } = input;
  const major = iosMajorFromBuild(device.osVersion);
  const iosText = device.osVersion ? (major ? `${t.ios} ${major} (${t.build} ${device.osVersion})` : device.osVersion) : null;
  const modelText = modelOf(device);
  const facts: [string, string | null][] = [
    [t.name, device.name],
    [t.model, modelText],
    [t.ios, iosText],
    [t.serial, device.serial],
    [t.imei, device.imei],
    [t.registered, day(device.createdAt)],
  ];
  const body = html`<main>
${udidCard(t, device.udid)}
<section class="card"><dl>${facts.filter(([, value]) => value).map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl></section>
${buildsCard({ locale: input.locale, ...input.builds })}
<p><a href="${input.startUrl}">${t.another}</a></p>
</main>`;
  return { title: `${t.resultTitle}: ${device.udid}`, body };
}

export interface PublicResultPageInput {
  locale: PageLocale;
  device: PublicDevice;
  /** The builds of channels the visitor holds a grant for, and how many others list the device. */
  builds: Omit<BuildsCardInput, 'locale'>;
  startUrl: string;
  /** The web app's Devices screen searching for this UDID (it asks strangers to sign in first). */
  teamListUrl: string;
}

/** The device page for anyone not signed in: the UDID, the model and the builds they may see anyway. */
export function publicResultPage(input: PublicResultPageInput): { title: string; body: SafeHtml } {
  const t = UDID_TEXTS[input.locale];
  const { device } = input;
  const modelText = modelOf(device);
  const teamOnly = html`<p class="muted">${t.teamOnly} <a href="${input.teamListUrl}">${t.teamList}</a></p>`;
  const body = html`<main>
${udidCard(t, device.udid)}
${modelText ? html`<section class="card"><dl><dt>${t.model}</dt><dd>${modelText}</dd></dl></section>` : ''}
${buildsCard({ locale: input.locale, ...input.builds }, teamOnly)}
<p><a href="${input.startUrl}">${t.another}</a></p>
</main>`;
  return { title: `${t.resultTitle}: ${device.udid}`, body };
}

export function unknownDevicePage(locale: PageLocale, startUrl: string): { title: string; body: SafeHtml } {
  const t = UDID_TEXTS[locale];
  return {
    title: t.unknownTitle,
    body: html`<main><section class="card"><h1>${t.unknownTitle}</h1><p>${t.unknown}</p><p><a href="${startUrl}">${startUrl}</a></p></section></main>`,
  };
}

/** The profile's own texts, shown by iOS in Settings. */
export function profileTexts(locale: PageLocale, host: string): { displayName: string; description: string; organization: string } {
  return locale === 'zh-CN'
    ? {
        displayName: 'Tarmac：获取设备 UDID',
        description: `把本机的 UDID、型号、iOS 版本、序列号、IMEI 和名称发送给 ${host}，以便团队把设备加入测试构建。安装完成后不会保留任何描述文件。`,
        organization: `Tarmac (${host})`,
      }
    : {
        displayName: "Tarmac: find this device's UDID",
        description: `Sends this device's UDID, model, iOS version, serial number, IMEI and name to ${host} so your team can add it to their test builds. Nothing stays installed.`,
        organization: `Tarmac (${host})`,
      };
}
