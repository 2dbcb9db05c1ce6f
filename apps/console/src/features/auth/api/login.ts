import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** Step 1 of the sign-in. Errors are shown in the form (§8 login errors), not as toasts. */
export function login(body: LoginRequest) {
  return apiCall('login', { body, toast: false });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
