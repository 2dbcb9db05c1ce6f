import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toasts } from '../components/Toasts';
import { onSessionEnd } from '../lib/api-client';
import { i18n } from '../lib/i18n';

/** Query client, translations and the toast area. A session that ends takes its cached data with it. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => onSessionEnd(() => queryClient.clear()), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toasts />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
