// SSO-only mode's one check, apart from the providers' service so the routes that need it (password
// sign-in, sign-up, mailed links, invitations) do not load that service at start.
import { ForbiddenError } from '../../errors.ts';
import type { SettingsService } from '../settings/service.ts';

export const PASSWORD_SIGN_IN_DISABLED = 'Password sign-in is turned off here: sign in with your company account';

/** Refuses password sign-in (and what stands in for it: reset mails, sign-in links) in SSO-only mode. */
export async function assertPasswordSignInAllowed(settingsService: Pick<SettingsService, 'get'>): Promise<void> {
  if (!(await settingsService.get('password_sign_in_enabled'))) {
    throw new ForbiddenError(PASSWORD_SIGN_IN_DISABLED, 'auth.password_sign_in_disabled');
  }
}
