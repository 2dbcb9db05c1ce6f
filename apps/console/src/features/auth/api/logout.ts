import { useMutation } from '@tanstack/react-query';
import { apiCall, endSession } from '../../../lib/api-client';

/** Revokes the session on the server, then forgets it here whatever the server said. */
export async function logout() {
  try {
    await apiCall('logout', { toast: false });
  } catch {
    // already revoked or unreachable: the local session goes anyway
  } finally {
    endSession();
  }
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
