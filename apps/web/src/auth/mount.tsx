import '../back-office.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AuthApp } from './AuthApp.tsx';

/** Renders the sign-in screens into `root`, replacing whatever the server sent. */
export function mountAuth(root: HTMLElement): void {
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AuthApp />
      </BrowserRouter>
    </StrictMode>,
  );
}
