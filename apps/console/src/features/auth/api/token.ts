import { useMutation } from '@tanstack/react-query';
import type { TokenRequest } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** Step 2 of the sign-in: the code. Stores the session on success. */
export async function requestToken(body: TokenRequest) {
  const model = await apiCall('token', { body, toast: false });
  return setSession(model);
}

export function useTokenMutation() {
  return useMutation({ mutationFn: requestToken });
}
