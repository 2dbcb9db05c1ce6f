import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwapSimBody } from '@tracker/contract';
import { apiCall } from '../../../lib/api-client';
import { deviceKey } from './device';

/** Looks a SIM up; not found is shown on the input, so no toast. */
export function useSimLookupMutation() {
  return useMutation({ mutationFn: (imsi: string) => apiCall('simCard', { query: { imsi }, toast: false }) });
}

export function useSwapSimMutation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SwapSimBody) => apiCall('swapSim', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKey(id) }),
  });
}
