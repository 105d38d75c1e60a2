// The subscribers' parts of the public pages: the "new builds by email" form on the install
// page, and the pages its links open (confirm, unsubscribe), each a form with one button: a GET
// only shows it (mail scanners follow links), the POST does it.
import { html } from '../../pages/html.ts';
import type { SafeHtml } from '../../pages/html.ts';
import { footer } from '../pages/views.ts';
import type { Frame, View } from '../pages/views.ts';
import type { MessageKey } from '../pages/messages.ts';
import { EMAIL_MAX } from './fns.ts';

export interface SubscribeForm {
  action: string;
  /** The channel grant the page was opened with (guarded channels). */
  grant: string | undefined;
  /** What was typed, shown again with `invalid`. */
  email?: string;
  invalid?: boolean;
  /** Minutes to wait, after too many requests. */
  tooMany?: number;
}

/** The form on the install page. */
export function subscribeSection(frame: Frame, form: SubscribeForm): SafeHtml {
  const { t } = frame;
  const error = form.invalid ? html` aria-invalid="true" aria-describedby="subscribe-error"` : html``;
  return html`<section class="card" aria-labelledby="subscribe-heading">
<h2 id="subscribe-heading">${t('subscribe.heading')}</h2>
<form method="post" action="${form.action}">
<input type="hidden" name="lang" value="${frame.locale}">
${form.grant ? html`<input type="hidden" name="grant" value="${form.grant}">` : ''}
<p><label for="subscribe-email">${t('subscribe.label')}</label></p>
<p><input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="${String(EMAIL_MAX)}"
 placeholder="${t('subscribe.placeholder')}" value="${form.email ?? ''}"${error}></p>
${form.invalid ? html`<p id="subscribe-error" class="error" role="alert">${t('subscribe.invalid')}</p>` : ''}
${form.tooMany ? html`<p class="error" role="alert">${t('subscribe.tooMany', { minutes: String(form.tooMany) })}</p>` : ''}
<p><button class="button" type="submit">${t('subscribe.submit')}</button></p>
</form>
</section>`;
}

/** The form alone on a page: after a refusal (a mistyped address, too many requests). */
export function formView(frame: Frame, form: SubscribeForm): View {
  return { title: frame.t('subscribe.heading'), body: html`<main>
${subscribeSection(frame, form)}
${footer(frame)}
</main>` };
}

/** A page of one card: a heading, sentences, and what follows them. */
export function cardView(frame: Frame, title: MessageKey, body: SafeHtml): View {
  return {
    title: frame.t(title),
    body: html`<main>
<section class="card" aria-labelledby="card-heading"><h1 id="card-heading">${frame.t(title)}</h1>${body}</section>
${footer(frame)}
</main>`,
  };
}

/** "Are you sure?": one button posting the token to the same address. */
interface TokenForm {
  title: MessageKey;
  sentence: string;
  action: string;
  token: string;
  submit: MessageKey;
}

export function tokenFormView(frame: Frame, page: TokenForm): View {
  return cardView(
    frame,
    page.title,
    html`<p>${page.sentence}</p>
<form method="post" action="${page.action}">
<input type="hidden" name="token" value="${page.token}">
<input type="hidden" name="lang" value="${frame.locale}">
<p><button class="button" type="submit">${frame.t(page.submit)}</button></p>
</form>`,
  );
}

/** A result: sentences and, when known, the way back to the channel's page. */
export function resultView(frame: Frame, title: MessageKey, sentence: string, back?: string): View {
  return cardView(frame, title, html`<p>${sentence}</p>${back ? html`<p class="ways"><a class="button" href="${back}">${frame.t('subscribe.back')}</a></p>` : ''}`);
}
