// Two-factor sign-in of the signed-in user (/api/user/two-factor…) and the administrators' reset.
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { JsonAnswer } from './client.ts';
import type { User } from './types.ts';

export type TwoFactorStatus = JsonAnswer<'/api/user/two-factor', 'get'>;
export type TwoFactorSetup = JsonAnswer<'/api/user/two-factor/setup', 'post'>;

export const TWO_FACTOR_KEY = ['user', 'two-factor'] as const;

export function useTwoFactor() {
  return useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => answer(api.GET('/api/user/two-factor')) });
}

export function setUpTwoFactor(password: string): Promise<TwoFactorSetup> {
  return answer(api.POST('/api/user/two-factor/setup', { body: { password } }));
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  return (await answer(api.POST('/api/user/two-factor/enable', { body: { code } }))).recovery_codes;
}

export function disableTwoFactor(password: string, factor: { code: string } | { recovery_code: string }) {
  return answer(api.POST('/api/user/two-factor/disable', { body: { password, ...factor } }));
}

export async function regenerateRecoveryCodes(password: string): Promise<string[]> {
  return (await answer(api.POST('/api/user/two-factor/recovery-codes', { body: { password } }))).recovery_codes;
}

export function resetTwoFactor(userId: number): Promise<User> {
  return answer(api.POST('/api/users/{id}/two-factor/reset', { params: { path: { id: userId } } }));
}
