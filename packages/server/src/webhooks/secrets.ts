// Webhook secrets at rest are sealed by the server's secret box (auth/secret-box.ts, under the
// WEBHOOK_SECRETS label); what is webhook-specific here is how a hook's URL is shown.
import { mask } from '../auth/secret-box.ts';

export { createSecretBox, mask, SecretError, WEBHOOK_SECRETS } from '../auth/secret-box.ts';
export type { SecretBox } from '../auth/secret-box.ts';

/**
 * A webhook URL for display and logs: chat services put the credential in the URL itself (Slack's
 * and Discord's path, DingTalk's access_token, WeCom's key), so only the scheme, host and the last
 * four characters are shown: `https://hooks.slack.com/••••8h2Q`.
 */
export function maskUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return mask(raw);
  }
  const rest = [...`${url.pathname}${url.search}`.replace(/^\//, '')];
  return rest.length === 0 ? url.origin : `${url.origin}/••••${rest.length >= 16 ? rest.slice(-4).join('') : ''}`;
}
