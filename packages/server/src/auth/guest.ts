// Guest mode (docs/guest-mode.md): routes a visitor who is not signed in may call while the
// guest_mode setting is on. They declare `auth: 'optional'` and this preValidation hook, which
// runs after the scope's authentication: with guest mode off a signed-out caller gets the same
// 401 as a route declared `auth: 'user'`. What a guest then sees is the policy's and the
// services' business (auth/policy.ts guestMayReadApp).
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors.ts';

/** Reads the guest_mode setting (settingsService.get('guest_mode')), on every guest request. */
export type GuestMode = () => Promise<boolean>;

export function guestOrUser(guestMode: GuestMode) {
  return async function requireUserOrGuest(request: FastifyRequest): Promise<void> {
    if (!request.auth && !(await guestMode())) throw new UnauthorizedError();
  };
}
