import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { onTestFinished } from 'vitest';
import type { Role } from '@newsroom/contract';
import { clearAuth, setAuth } from '../../src/lib/auth-store.ts';

/**
 * Renders a back-office piece with a fresh query client (no retries) and a router, for a person
 * of `role` signed in (an admin unless told): screens show what that role may use.
 */
export function renderAdmin(ui: ReactElement, { role = 'admin' }: { role?: Role } = {}) {
  setAuth({ role, email: `${role}@example.com`, accessToken: 'test-access-token' });
  onTestFinished(() => clearAuth());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
