import '../back-office.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { AdminApp } from './AdminApp.tsx';

/** Renders the back office into `root`, replacing whatever the server sent. */
export function mountAdmin(root: HTMLElement): void {
  const queryClient = createQueryClient();
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
        <Toaster position="bottom-right" richColors closeButton />
      </QueryClientProvider>
    </StrictMode>,
  );
}
