// Demo mode (GET /api/demo): whether this instance is a read-only showcase, and its demo accounts.
import { useQuery } from '@tanstack/react-query';
import { answer, api } from './client.ts';
import type { JsonAnswer } from './client.ts';

export type DemoMode = JsonAnswer<'/api/demo', 'get'>;

export function useDemoMode() {
  return useQuery({ queryKey: ['demo'], queryFn: () => answer(api.GET('/api/demo')), staleTime: Infinity });
}
