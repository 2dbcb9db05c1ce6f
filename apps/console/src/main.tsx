// first: no eval-compiled parsers under the CSP (must run before the contract's schemas are built)
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/routes';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

// the first language's texts first (German or Spanish are a chunk of their own); a failed load renders in English
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
