import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '../../../lib/api-client';
import { updateSessionInfo, useSession } from '../../../lib/session';

export const getRoleQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'role'],
    queryFn: ({ signal }) => apiCall('role', { signal }),
    staleTime: Infinity,
  });

/** Refreshes role, operators and white labels from GET /local/role once per app load. */
export function useRoleRefresh() {
  const session = useSession();
  const q = useQuery({ ...getRoleQueryOptions(), enabled: session !== null });
  useEffect(() => {
    if (q.data) updateSessionInfo(q.data);
  }, [q.data]);
  return q;
}
