import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// A component test that logs an error fails: errors are never silently accepted.
const consoleError = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleError(...args);
  throw new Error(`console.error was called: ${String(args[0])}`);
});
