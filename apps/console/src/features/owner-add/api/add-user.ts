import { useMutation } from '@tanstack/react-query';
import type { UserAddRequest } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';

/** POST /user/add. 409 (e-mail exists) and 400 (field errors) are toasted by the client; the form marks fields. */
export function addUser(body: UserAddRequest) {
  return apiCall('userAdd', { body });
}

export function useAddUserMutation() {
  return useMutation({ mutationFn: addUser });
}
