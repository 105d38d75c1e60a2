// The words of the device page's builds card, in English and Simplified Chinese.
import type { PageLocale } from '../../pages/locale.ts';

interface BuildTexts {
  heading: string;
  hint: string;
  none: string;
  listed: string;
  listedMore: string;
  number: (number: number) => string;
  anyDevice: string;
  expired: string;
  password: string;
  passwordHint: string;
  pages: string;
  page: (page: number, pages: number, total: number) => string;
  newer: string;
  older: string;
}

export const BUILD_TEXTS: Record<PageLocale, BuildTexts> = {
  en: {
    heading: 'Builds for this device',
    hint: 'Uploaded iOS builds this device can install, newest first: their provisioning profile lists it, or provisions every device.',
    none:
      "No uploaded build's provisioning profile lists this device yet. Copy the UDID above and send it to a developer on your team: they add it to the provisioning profile in Apple's developer portal and upload a new build.",
    listed: 'At least one uploaded build lists this device, so it can install that build. Ask your team for the install link.',
    listedMore: 'Other uploaded builds list this device too. Ask your team for their install links.',
    number: (number) => `Build #${number}`,
    anyDevice: 'Any device (enterprise)',
    expired: 'Profile expired: iOS will not install it',
    password: 'Password required',
    passwordHint: "the link asks for the channel's password, then opens the build",
    pages: 'Pages of builds',
    page: (page, pages, total) => `Page ${page} of ${pages} · ${total} builds`,
    newer: '← Newer',
    older: 'Older →',
  },
  'zh-CN': {
    heading: '可安装到此设备的构建',
    hint: '此设备可以安装的 iOS 构建，最新的在前：它们的描述文件包含此设备，或适用于所有设备。',
    none: '目前还没有任何已上传构建的描述文件包含此设备。请复制上方的 UDID 发给团队的开发者：他们在 Apple 开发者网站把它加入描述文件，再上传新构建。',
    listed: '已有上传的构建在描述文件中包含此设备，可以安装该构建。请向团队索取安装链接。',
    listedMore: '还有其他已上传的构建包含此设备。请向团队索取它们的安装链接。',
    number: (number) => `第 ${number} 个构建`,
    anyDevice: '适用于所有设备（企业版）',
    expired: '描述文件已过期：iOS 无法安装',
    password: '需要密码',
    passwordHint: '链接会先要求输入渠道密码，然后打开该构建',
    pages: '构建分页',
    page: (page, pages, total) => `第 ${page} / ${pages} 页 · 共 ${total} 个构建`,
    newer: '← 较新',
    older: '较旧 →',
  },
};
