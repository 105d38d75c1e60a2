// When an administrator requires two-factor sign-in and this account has none yet, the API answers
// 403 auth.two_factor_enrolment_required to everything but the profile and the enrolment: the
// first such answer sends the person to Settings → Security, which explains and sets it up.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';

const SECURITY = '/settings/security';

export function useEnrolmentGate(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const check = (error: unknown) => {
      if (error instanceof ApiError && error.code === 'auth.two_factor_enrolment_required' && window.location.pathname !== SECURITY) {
        void navigate(SECURITY);
      }
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, navigate]);
}
