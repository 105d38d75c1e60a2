// Each webhook provider's icon, and the template variables listed beside the template box
// (docs/webhooks.md has them all).
import { IconBraces, IconBrandDingtalk, IconBrandDiscord, IconBrandSlack, IconBrandTeams, IconBrandWechat, IconMessageCircle } from '@tabler/icons-react';
import type { Provider } from '../../api/webhooks.ts';

export const PROVIDER_ICONS: Record<Provider, typeof IconBraces> = {
  slack: IconBrandSlack,
  discord: IconBrandDiscord,
  feishu: IconMessageCircle,
  dingtalk: IconBrandDingtalk,
  wecom: IconBrandWechat,
  teams: IconBrandTeams,
  json: IconBraces,
};

/** The variables listed beside the template, each with an example (docs/webhooks.md has them all). */
export const TEMPLATE_VARIABLES: readonly (readonly [string, string])[] = [
  ['event', 'upload'],
  ['title', 'Sample App 2.4.0 (2401) uploaded to Beta iOS'],
  ['app.name', 'Sample App'],
  ['scheme.name', 'Beta'],
  ['channel.name', 'iOS'],
  ['channel.url', 'https://tarmac.example.com/k3x9q'],
  ['build.version', '2.4.0'],
  ['build.build_version', '2401'],
  ['build.number', '12'],
  ['build.platform', 'iOS'],
  ['build.changelog', '- Fix login'],
  ['build.install_url', 'itms-services://…'],
  ['build.qrcode_url', 'https://…/qrcode'],
  ['build.release_url', 'https://…/k3x9q/12'],
  ['build.size_text', '31.5 MB'],
  ['build.uploader', 'alice'],
  ['build.branch', 'main'],
  ['build.git_commit', '9f0c2ab'],
];

export function ProviderIcon({ provider, size = 18 }: { provider: Provider; size?: number }) {
  const Icon = PROVIDER_ICONS[provider];
  return <Icon size={size} aria-hidden />;
}
