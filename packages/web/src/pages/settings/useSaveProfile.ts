// PUT /api/user, then the session query holds the new user (and is fetched again), so the
// header, dates and language follow at once.
import { useQueryClient } from '@tanstack/react-query';
import { updateProfile } from '../../api/account.ts';
import type { ProfileChanges } from '../../api/account.ts';
import { SESSION_KEY } from '../../api/session.ts';
import type { Session, User } from '../../api/types.ts';

export function useSaveProfile(): (changes: ProfileChanges) => Promise<User> {
  const queryClient = useQueryClient();
  return async (changes) => {
    const user = await updateProfile(changes);
    queryClient.setQueryData<Session | null>(SESSION_KEY, (session) => (session ? { ...session, user } : session));
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    return user;
  };
}
