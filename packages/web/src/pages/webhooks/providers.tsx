// What each webhook provider needs in the editor (secret, keyword, format, template), its icon,
// and the template variables listed beside the template box (docs/webhooks.md has them all).
import { IconBraces, IconBrandDingtalk, IconBrandDiscord, IconBrandSlack, IconBrandTeams, IconBrandWechat, IconMessageCircle } from '@tabler/icons-react';
import type { Provider } from '../../api/webhooks.ts';

/** The providers that sign with a secret (the others take none). */
export const SIGNING: readonly Provider[] = ['feishu', 'dingtalk', 'json'];
/** The providers whose body a template replaces (WeCom only in its markdown format). */
export const TEMPLATED: readonly Provider[] = ['dingtalk', 'wecom', 'json'];

export const PROVIDER_ICONS: Record<Provider, typeof IconBraces> = {
  slack: IconBrandSlack,
  discord: IconBrandDiscord,
  feishu: IconMessageCircle,
  dingtalk: IconBrandDingtalk,
  wecom: IconBrandWechat,
  teams: IconBrandTeams,
  json: IconBraces,
};

/** The variables shown beside the template (`webhooks.variables.<name with _>` says what each is). */
export const TEMPLATE_VARIABLES = [
  'event', 'title', 'app.name', 'scheme.name', 'channel.name', 'channel.url', 'build.version', 'build.build_version', 'build.number',
  'build.platform', 'build.changelog', 'build.install_url', 'build.qrcode_url', 'build.release_url', 'build.size_text', 'build.uploader',
  'build.branch', 'build.git_commit',
] as const;

export function ProviderIcon({ provider, size = 18 }: { provider: Provider; size?: number }) {
  const Icon = PROVIDER_ICONS[provider];
  return <Icon size={size} aria-hidden />;
}

export function templated(provider: Provider, format: string | null): boolean {
  return TEMPLATED.includes(provider) && !(provider === 'wecom' && format === 'news');
}
