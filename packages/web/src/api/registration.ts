// Who may join: email confirmation of a sign-up (POST /api/users/confirm-email[/resend]) and
// invitations (/api/invitations: list, invite, revoke, resend; the public lookup and accept).
import { useQuery } from '@tanstack/react-query';
import { answer, answerPage, api, setCsrfToken } from './client.ts';
import type { JsonAnswer, JsonBody, Schemas } from './client.ts';
import type { Session } from './types.ts';

export async function confirmEmail(key: string): Promise<Session> {
  const session = await answer(api.POST('/api/users/confirm-email', { body: { key } }));
  setCsrfToken(session.csrf_token);
  return session;
}

export function resendConfirmation(email: string): Promise<unknown> {
  return answer(api.POST('/api/users/confirm-email/resend', { body: { email } }));
}

export type Invitation = Schemas['Invitation'];
export type InvitationState = Invitation['state'];
export type NewInvitation = JsonBody<'/api/invitations', 'post'>;
export type SentInvitation = JsonAnswer<'/api/invitations', 'post'>;
export type InvitationLookup = JsonAnswer<'/api/invitations/lookup', 'get'>;

export const INVITATIONS_PER_PAGE = 20;
export const INVITATIONS_KEY = ['invitations'] as const;

export function useInvitations(filter: { state: InvitationState | ''; page: number }) {
  return useQuery({
    queryKey: [...INVITATIONS_KEY, filter],
    queryFn: () => {
      // No per_page: the site's per_page setting decides; answerPage reads the size used (X-Per-Page).
      const query = { state: filter.state || undefined, page: filter.page };
      return answerPage(api.GET('/api/invitations', { params: { query } }), filter.page, INVITATIONS_PER_PAGE);
    },
    placeholderData: (previous) => previous,
  });
}

export function createInvitation(invitation: NewInvitation): Promise<SentInvitation> {
  return answer(api.POST('/api/invitations', { body: invitation }));
}

export function revokeInvitation(id: number): Promise<Invitation> {
  return answer(api.DELETE('/api/invitations/{id}', { params: { path: { id } } }));
}

export function resendInvitation(id: number): Promise<SentInvitation> {
  return answer(api.POST('/api/invitations/{id}/resend', { params: { path: { id } } }));
}

export function useInvitationLookup(key: string) {
  return useQuery({
    queryKey: ['invitation-lookup', key],
    queryFn: () => answer(api.GET('/api/invitations/lookup', { params: { query: { key } } })),
    enabled: key !== '',
    retry: false,
  });
}

export type Accepted = { redirect_to: string } & Partial<Session>;

/** Creates the account (username, password) or, signed in, joins the invitation's apps; answers where to go. */
export async function acceptInvitation(body: JsonBody<'/api/invitations/accept', 'post'>): Promise<Accepted> {
  const accepted: Accepted = await answer(api.POST('/api/invitations/accept', { body }));
  if (accepted.csrf_token) setCsrfToken(accepted.csrf_token);
  return accepted;
}
