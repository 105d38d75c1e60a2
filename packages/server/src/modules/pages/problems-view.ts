// The install page's reason block: why a build cannot install (releases/installability.ts), in
// sentences a tester understands, and the marker of such builds in the "older builds" list.
import { html } from '../../pages/html.ts';
import type { SafeHtml } from '../../pages/html.ts';
import type { DeviceCheck, InstallProblem } from '../releases/installability.ts';
import type { Translate } from './messages.ts';

/** The day of an ISO time, as YYYY-MM-DD (unambiguous in every language). */
function day(iso: string): string {
  return iso.slice(0, 10);
}

export function problemSentence(t: Translate, problem: InstallProblem): string {
  switch (problem.kind) {
    case 'profile_expired':
      return t('blocked.profileExpired', { date: day(problem.expired_at) });
    case 'certificate_expired':
      return t('blocked.certificateExpired', { date: day(problem.expired_at) });
    case 'device_not_in_profile':
      return t('blocked.deviceNotInProfile', { udid: problem.udid });
    case 'os_too_old': {
      const platform = problem.platform === 'ios' ? 'iOS' : 'Android';
      return t('blocked.osTooOld', { required: `${platform} ${problem.required}`, device: `${platform} ${problem.device}` });
    }
  }
}

/** The reasons, under a heading the page's outline shows; nothing when the build can install. */
export function problemsMarkup(t: Translate, problems: readonly InstallProblem[]): SafeHtml {
  if (problems.length === 0) return html``;
  return html`<div class="notice blocked" role="note" aria-labelledby="blocked-heading">
<h2 id="blocked-heading" class="blocked-title">${t('blocked.heading')}</h2>
<ul>${problems.map((problem) => html`<li>${problemSentence(t, problem)}</li>`)}</ul>
</div>`;
}

/** A line under the Install button when the profile lists devices and the page does not know this one. */
export function deviceCheckMarkup(t: Translate, check: DeviceCheck): SafeHtml {
  return check === 'not_checked' ? html`<p class="muted small">${t('blocked.deviceNotChecked')}</p>` : html``;
}

/** The marker of a build in the list that cannot install here. */
export function rowMarker(t: Translate, problems: readonly InstallProblem[]): SafeHtml {
  return problems.length > 0 ? html`<span class="blocked-mark small">${t('blocked.mark')}</span>` : html``;
}

export const PROBLEMS_CSS = `
.blocked .blocked-title{font-size:1rem;margin:0 0 6px}.blocked ul{margin:0;padding-left:20px}.blocked li{margin:4px 0}
.blocked-mark{color:var(--error);font-weight:600}
`;
