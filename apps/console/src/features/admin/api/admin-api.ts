import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, type CallOptions } from '../../../lib/api-client';

/** The §7 lists the administration screens show and pick from (each its own cache entry under 'lists'). */
type ListRoute = 'backofficeUserList' | 'operatorList' | 'voipCentralList' | 'smsGatewayList' | 'importRoles' | 'deviceTypes' | 'whiteLabelList';

export function useAdminList<N extends ListRoute>(name: N) {
  return useQuery({ queryKey: ['lists', name], queryFn: ({ signal }) => apiCall(name, { signal }) });
}

/** The administration's saves (docs/administration.md); every reference list is read again after one succeeds. */
type SaveRoute = 'backofficeUserAdd' | 'backofficeUserEdit' | 'backofficeUserDelete' | 'operatorSave' | 'voipCentralSave' | 'smsGatewaySave';

export function useAdminSaveMutation<N extends SaveRoute>(name: N) {
  const client = useQueryClient();
  return useMutation({
    // a refused save toasts the server's message (§8) and the form marks the fields it names
    mutationFn: (options: CallOptions<N>) => apiCall(name, options),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lists'] }),
  });
}
