import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** POST /password with the current password (works before the first sign-in). */
export function changePassword(body: PasswordChangeRequest) {
  return apiCall('passwordChange', { body });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
