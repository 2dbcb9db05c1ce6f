import { QueryClient } from '@tanstack/react-query';

/** Errors are toasted once by the api client (lib/api-client.ts), so queries do not retry or toast again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a retry would toast the same error twice; the user retries by acting again
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
