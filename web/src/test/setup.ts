// Setup of every web component test: jest-dom matchers, msw, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
// First: modules below read these browser APIs as they load (the toaster asks matchMedia whether it is on a phone).
import './browser-apis.ts';
import { toaster } from '../components/AppToaster.tsx';
import { loadMessages } from '../i18n/catalogue.ts';
import { resetHourCycle } from '../lib/clock.ts';
import { disconnectRealtime } from '../lib/realtime.ts';
import { server } from './server.ts';

// Screens load lazily; the first import of a module in a run can take a few seconds.
configure({ asyncUtilTimeout: 15_000 });

Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(async () => {}) } });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The app's entry loads the page's language before its first render (main.tsx); so do tests, with the
  // signed-in screens' area (catalogue.ts), so that a screen that asks for it renders at once.
  await Promise.all([loadMessages('en'), loadMessages('en', 'app')]);
});
afterEach(() => {
  cleanup();
  toaster.remove(); // the toaster is a module singleton: no toast may leak into the next test
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear(); // where a consent round trip started (features/calendars/hooks/consent.ts)
  resetHourCycle(); // the clock a test picked is a module's state too
});
// A channel left by the last test lingers a second and the guests' socket keeps its heartbeat: both
// would be answered after jsdom is gone (msw then dispatches Node's MessageEvent on a jsdom target).
afterAll(async () => {
  await disconnectRealtime();
  server.close();
});
