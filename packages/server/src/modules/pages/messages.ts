// The words of the public pages, in English (the source) and Simplified Chinese. Keys are
// namespaced; `{name}` marks a parameter, filled by t() and escaped when the page renders.
// A test checks both languages have the same keys and the same parameters.
import type { PageLocale } from '../../pages/locale.ts';

export const en = {
  'site.name': 'Tarmac',
  'language.switch': '中文',

  'notFound.title': 'Not found',
  'notFound.heading': 'Nothing here',
  'notFound.body':
    'There is no build or channel at this link. It may have been deleted by its team, removed by the cleanup that keeps only the newest builds of a channel, or the link may be mistyped or cut short.',
  'notFound.hint': 'Ask whoever sent you the link for a current one.',
  'notFound.home': 'Go to the home page',
  'notFound.signIn': 'Sign in',

  'error.title': 'Something went wrong',
  'error.heading': 'That did not work',
  'error.generic': 'The request could not be completed. Go back and try again.',
  'error.form': 'Something in the form could not be read. Go back, check what you typed and try again.',
  'error.tooLarge': 'What was sent is too large.',
  'error.timeout': 'The request came too slowly or stopped. Try again.',
  'error.busy': 'The server is busy. Try again in a few seconds.',
  'error.tooMany': 'Too many attempts. Try again in {minutes} minutes.',
  'error.internal': 'Something went wrong on the server. Try again later.',
  'error.password': "This build's channel is protected by a password: open the build's page and enter it.",

  'password.title': 'Password required',
  'password.heading': 'This channel is protected',
  'password.body': 'Enter the password you were given to see its builds.',
  'password.label': 'Password',
  'password.submit': 'Continue',
  'password.wrong': 'That password is not right. Check it and try again.',
  'password.too_many': 'Too many wrong passwords from this network. Try again in {minutes} minutes.',

  'empty.title': 'No builds yet',
  'empty.heading': 'No builds yet',
  'empty.body': '{app} · {scheme} · {channel} has no builds yet. When the team uploads one, it appears at this address.',

  'release.title': '{app} {version}',
  'release.placement': '{app} · {scheme} · {channel}',
  'release.version': 'Version',
  'release.build': 'Build #{number}',
  'release.number': 'Build number',
  'release.platform': 'Platform',
  'release.device': 'Device',
  'release.bundleId': 'Bundle ID',
  'release.size': 'Size',
  'release.uploaded': 'Uploaded',
  'release.type': 'Release type',
  'release.branch': 'Branch',
  'release.commit': 'Commit',
  'release.minOs': 'Requires',
  'release.downloads': 'Downloads',
  'release.installs': 'Installs',
  'release.changelog': 'Changes',
  'release.noChangelog': 'No changes were noted for this build.',
  'release.details': 'Details',
  'release.fields': 'More',
  'release.customFields': 'Custom fields',
  'release.icon': 'App icon',

  'action.install': 'Install',
  'action.download': 'Download',
  'action.downloadFile': 'Download the file ({size})',
  'action.appleSilicon': 'On a Mac, this installs only on Macs with Apple silicon (M1 or later).',
  'action.unsupported': 'This build is for {platform}: it cannot be installed on this device. Scan the QR code with a device running {platform}, or open this page there.',
  'action.bundle': 'This is an Android App Bundle (.aab): no device installs it as it is. It is meant for Google Play; build APKs from it with bundletool, or ask the team for an APK.',
  'action.inApp': '{browser} cannot install apps from its built-in browser. Tap the ··· menu at the top right and choose “{open}”.',
  'action.inApp.safari': 'Open in Safari',
  'action.inApp.browser': 'Open in browser',
  'action.inApp.copy': 'Or copy this address into your browser:',
  'action.archived': 'This app is archived: its builds are kept for reference and can no longer be installed.',
  'action.ios.http':
    'iOS cannot install this build from here. Over-the-air installs need an HTTPS address with a certificate the device trusts, and this page’s links start with {base}. The administrator should serve Tarmac over HTTPS and set TARMAC_URL to that address, or trust the reverse proxy’s X-Forwarded headers with TARMAC_TRUST_PROXY.',
  'action.ios.loopback':
    'iOS cannot install this build from here. The install link would point at {base}, this server’s own loopback address, which a phone cannot reach. The administrator should set TARMAC_URL to the server’s public HTTPS address, or trust the reverse proxy’s X-Forwarded headers with TARMAC_TRUST_PROXY.',

  'blocked.heading': 'This build cannot be installed',
  'blocked.profileExpired': 'Its provisioning profile expired on {date}, so iOS refuses to install it. Ask the team for a new build signed with a current profile.',
  'blocked.certificateExpired':
    'The certificate it was signed with expired on {date}, so iOS refuses to install it. Ask the team for a new build signed with a current certificate.',
  'blocked.deviceNotInProfile':
    'This device (UDID {udid}) is not registered in the build’s provisioning profile. Ask the team to add it and make a new build.',
  'blocked.osTooOld': 'It needs {required} or later; this device runs {device}.',
  'blocked.deviceNotChecked':
    'This build installs only on the devices registered in its provisioning profile; whether this device is one of them was not checked.',
  'blocked.downloadFile': 'Download the file anyway ({size}), for developers',
  'blocked.mark': 'Cannot install',

  'builds.heading': 'Builds in this channel',
  'builds.current': 'this page',
  'builds.newer': '← Newer',
  'builds.older': 'Older →',
  'builds.page': 'Page {page} of {pages} · {total} builds',

  'steps.heading': 'How to install',
  'steps.ios.1': 'Open this page in Safari on the iPhone or iPad, tap Install, then Install again when iOS asks.',
  'steps.ios.2': 'Go to the home screen: the app’s icon fills in as it downloads.',
  'steps.ios.3': 'An enterprise build opens with “Untrusted Enterprise Developer” the first time: go to Settings → General → VPN & Device Management, tap the developer and trust it.',
  'steps.ios.4': 'A development build on iOS 16 or later needs Developer Mode: turn it on in Settings → Privacy & Security → Developer Mode and restart.',
  'steps.ios.udid': 'Ad hoc and development builds install only on the devices listed in their profile. If iOS says it cannot install the app, send the team your device’s UDID:',
  'steps.ios.udidLink': 'find your UDID',
  'steps.android.1': 'Tap Download, and keep the file if the browser asks.',
  'steps.android.2': 'Open the downloaded file from the notification or the Downloads folder.',
  'steps.android.3': 'The first time, Android asks to let this browser install unknown apps: tap Settings, turn on “Allow from this source”, and go back.',
  'steps.android.4': 'Tap Install. If Play Protect warns about an unknown developer, choose “Install anyway”; if Android says the app conflicts with an installed one, uninstall that one first.',
  'steps.harmonyos.1': 'Tap Download and open the file.',
  'steps.harmonyos.2': 'A HarmonyOS test build installs only on the devices listed in its signing profile; if it does not install, ask the team to add this device.',
  'steps.macos.1': 'Download the file, open it, and drag the app into Applications.',
  'steps.macos.2': 'If macOS says the app cannot be opened, go to System Settings → Privacy & Security and click “Open Anyway”.',
  'steps.windows.1': 'Download the file and run it.',
  'steps.windows.2': 'If Windows SmartScreen stops it, click “More info”, then “Run anyway”.',
  'steps.linux.1': 'Download the file. An AppImage: make it executable (chmod +x) and run it.',
  'steps.linux.2': 'A .deb: sudo apt install ./file.deb; an .rpm: sudo dnf install ./file.rpm.',

  'qr.caption': 'Scan to open this page on a phone',
  'qr.label': 'QR code of {url}',

  'browser.wechat': 'WeChat',
  'browser.wecom': 'WeCom',
  'browser.dingtalk': 'DingTalk',
  'browser.qq': 'QQ',
  'browser.weibo': 'Weibo',
  'browser.alipay': 'Alipay',
  'browser.feishu': 'Feishu / Lark',

  'device.iphone': 'iPhone',
  'device.ipad': 'iPad',
  'device.universal': 'iPhone and iPad',
  'device.phone': 'Phone',
  'device.tablet': 'Tablet',
  'device.watch': 'Watch',
  'device.tv': 'TV',
  'device.desktop': 'Desktop',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const zhCN: Messages = {
  'site.name': 'Tarmac',
  'language.switch': 'English',

  'notFound.title': '未找到',
  'notFound.heading': '这里什么也没有',
  'notFound.body': '这个链接下没有构建或渠道。它可能已被团队删除，或被只保留渠道最新构建的自动清理移除，也可能是链接输错了或不完整。',
  'notFound.hint': '请向发给你链接的人要一个最新的链接。',
  'notFound.home': '前往首页',
  'notFound.signIn': '登录',

  'error.title': '出错了',
  'error.heading': '操作未成功',
  'error.generic': '请求未能完成。请返回后重试。',
  'error.form': '表单中有内容无法读取。请返回，检查输入后重试。',
  'error.tooLarge': '发送的内容过大。',
  'error.timeout': '请求过慢或已中断，请重试。',
  'error.busy': '服务器繁忙，请几秒后重试。',
  'error.tooMany': '尝试次数过多，请在 {minutes} 分钟后重试。',
  'error.internal': '服务器出错了，请稍后再试。',
  'error.password': '该构建所在渠道受密码保护：请打开构建页面并输入密码。',

  'password.title': '需要密码',
  'password.heading': '此渠道受密码保护',
  'password.body': '请输入你拿到的密码以查看它的构建。',
  'password.label': '密码',
  'password.submit': '继续',
  'password.wrong': '密码不正确，请检查后重试。',
  'password.too_many': '来自此网络的错误密码次数过多，请在 {minutes} 分钟后重试。',

  'empty.title': '还没有构建',
  'empty.heading': '还没有构建',
  'empty.body': '{app} · {scheme} · {channel} 还没有构建。团队上传后，会出现在这个地址。',

  'release.title': '{app} {version}',
  'release.placement': '{app} · {scheme} · {channel}',
  'release.version': '版本',
  'release.build': '第 {number} 个构建',
  'release.number': '构建号',
  'release.platform': '平台',
  'release.device': '设备',
  'release.bundleId': '包名',
  'release.size': '大小',
  'release.uploaded': '上传时间',
  'release.type': '发布类型',
  'release.branch': '分支',
  'release.commit': '提交',
  'release.minOs': '系统要求',
  'release.downloads': '下载次数',
  'release.installs': '安装次数',
  'release.changelog': '更新内容',
  'release.noChangelog': '这个构建没有填写更新内容。',
  'release.details': '详情',
  'release.fields': '更多',
  'release.customFields': '自定义字段',
  'release.icon': '应用图标',

  'action.install': '安装',
  'action.download': '下载',
  'action.downloadFile': '下载文件（{size}）',
  'action.appleSilicon': '在 Mac 上，只有搭载 Apple 芯片（M1 及更新）的 Mac 能安装。',
  'action.unsupported': '这是 {platform} 构建，无法安装到当前设备。请用 {platform} 设备扫描二维码，或在该设备上打开此页面。',
  'action.bundle': '这是 Android App Bundle（.aab），任何设备都不能直接安装。它用于 Google Play；请用 bundletool 生成 APK，或向团队索取 APK。',
  'action.inApp': '{browser}的内置浏览器无法安装应用。请点击右上角的 ··· 菜单，选择“{open}”。',
  'action.inApp.safari': '在 Safari 中打开',
  'action.inApp.browser': '在浏览器中打开',
  'action.inApp.copy': '或把这个地址复制到浏览器中打开：',
  'action.archived': '此应用已归档：它的构建仅作留存，不能再安装。',
  'action.ios.http':
    'iOS 无法从这里安装此构建。无线安装需要设备信任其证书的 HTTPS 地址，而本页的链接以 {base} 开头。请管理员通过 HTTPS 提供 Tarmac 并把 TARMAC_URL 设为该地址，或用 TARMAC_TRUST_PROXY 信任反向代理的 X-Forwarded 头。',
  'action.ios.loopback':
    'iOS 无法从这里安装此构建。安装链接会指向 {base}，这是服务器自己的回环地址，手机无法访问。请管理员把 TARMAC_URL 设为服务器的公网 HTTPS 地址，或用 TARMAC_TRUST_PROXY 信任反向代理的 X-Forwarded 头。',

  'blocked.heading': '此构建无法安装',
  'blocked.profileExpired': '它的描述文件（provisioning profile）已于 {date} 过期，iOS 会拒绝安装。请向团队索取用有效描述文件签名的新构建。',
  'blocked.certificateExpired': '给它签名的证书已于 {date} 过期，iOS 会拒绝安装。请向团队索取用有效证书签名的新构建。',
  'blocked.deviceNotInProfile': '此设备（UDID {udid}）不在该构建的描述文件中。请让团队添加此设备并重新打包。',
  'blocked.osTooOld': '它需要 {required} 或更高版本；此设备的系统是 {device}。',
  'blocked.deviceNotChecked': '此构建只能安装到其描述文件登记的设备上；尚未检查此设备是否在其中。',
  'blocked.downloadFile': '仍然下载文件（{size}），供开发者使用',
  'blocked.mark': '无法安装',

  'builds.heading': '此渠道的构建',
  'builds.current': '当前页面',
  'builds.newer': '← 较新',
  'builds.older': '较旧 →',
  'builds.page': '第 {page} / {pages} 页 · 共 {total} 个构建',

  'steps.heading': '安装步骤',
  'steps.ios.1': '在 iPhone 或 iPad 的 Safari 中打开此页面，点击“安装”，在系统弹窗中再点“安装”。',
  'steps.ios.2': '回到主屏幕，应用图标会显示下载进度。',
  'steps.ios.3': '企业版构建第一次打开时会提示“未受信任的企业级开发者”：前往“设置 → 通用 → VPN 与设备管理”，点击该开发者并选择信任。',
  'steps.ios.4': 'iOS 16 及以上安装开发版构建需要开启开发者模式：“设置 → 隐私与安全性 → 开发者模式”，开启后重启设备。',
  'steps.ios.udid': 'Ad Hoc 和开发版构建只能安装到描述文件中列出的设备上。如果 iOS 提示无法安装，请把设备的 UDID 发给团队：',
  'steps.ios.udidLink': '获取 UDID',
  'steps.android.1': '点击“下载”，浏览器询问时选择保留文件。',
  'steps.android.2': '从通知栏或“下载”文件夹中打开下载的文件。',
  'steps.android.3': '第一次安装时，Android 会要求允许此浏览器安装未知应用：点击“设置”，打开“允许来自此来源的应用”，然后返回。',
  'steps.android.4': '点击“安装”。如果 Play 保护机制提示未知开发者，选择“仍然安装”；如果提示与已安装的应用冲突，请先卸载已安装的版本。',
  'steps.harmonyos.1': '点击“下载”并打开文件。',
  'steps.harmonyos.2': 'HarmonyOS 测试构建只能安装到签名描述文件中列出的设备上；如果无法安装，请让团队添加这台设备。',
  'steps.macos.1': '下载文件并打开，把应用拖到“应用程序”文件夹。',
  'steps.macos.2': '如果 macOS 提示无法打开该应用，前往“系统设置 → 隐私与安全性”，点击“仍要打开”。',
  'steps.windows.1': '下载文件并运行。',
  'steps.windows.2': '如果 Windows SmartScreen 阻止运行，点击“更多信息”，再点“仍要运行”。',
  'steps.linux.1': '下载文件。AppImage：赋予可执行权限（chmod +x）后运行。',
  'steps.linux.2': '.deb：sudo apt install ./file.deb；.rpm：sudo dnf install ./file.rpm。',

  'qr.caption': '用手机扫码打开此页面',
  'qr.label': '{url} 的二维码',

  'browser.wechat': '微信',
  'browser.wecom': '企业微信',
  'browser.dingtalk': '钉钉',
  'browser.qq': 'QQ',
  'browser.weibo': '微博',
  'browser.alipay': '支付宝',
  'browser.feishu': '飞书',

  'device.iphone': 'iPhone',
  'device.ipad': 'iPad',
  'device.universal': 'iPhone 和 iPad',
  'device.phone': '手机',
  'device.tablet': '平板',
  'device.watch': '手表',
  'device.tv': '电视',
  'device.desktop': '桌面',
};

export const MESSAGES: Record<PageLocale, Messages> = { en, 'zh-CN': zhCN };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The translator of one locale: `{name}` placeholders are replaced by the given values (not escaped here). */
export function translator(locale: PageLocale): Translate {
  const messages = MESSAGES[locale];
  return (key, params) => {
    const text = messages[key];
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}
