// The visitor's device, from its user agent.

export interface VisitorDevice {
  /** ios: iPhone, iPad or iPod; mac: a Mac, or an iPad in desktop mode (the page's script tells them apart). */
  platform: 'ios' | 'mac' | 'android' | 'other';
  /** The in-app browser the page is open in, which cannot install profiles. */
  inApp: string | null;
}

const IN_APP_BROWSERS: [RegExp, string][] = [
  [/\bwxwork\//i, 'WeCom'],
  [/\bMicroMessenger\//i, 'WeChat'],
  [/\bDingTalk\b/i, 'DingTalk'],
  [/\b(?:Lark|Feishu)\//i, 'Feishu'],
  [/\bAlipayClient\b/i, 'Alipay'],
  [/\bWeibo\b/i, 'Weibo'],
  [/\bQQ\/\d/i, 'QQ'],
  [/\bFBA[NV]\//, 'Facebook'],
  [/\bInstagram\b/, 'Instagram'],
];

export function visitorDevice(userAgent: string | undefined): VisitorDevice {
  const ua = (userAgent ?? '').slice(0, 1024);
  const inApp = IN_APP_BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  let platform: VisitorDevice['platform'] = 'other';
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) platform = 'ios';
  else if (/\bAndroid\b/i.test(ua) || /\b(?:HarmonyOS|OpenHarmony)\b/i.test(ua)) platform = 'android';
  else if (/\bMacintosh\b/.test(ua)) platform = 'mac';
  return { platform, inApp };
}
