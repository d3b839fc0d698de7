// Vitest global setup of the `stack` project: one local stack for the whole run, shared by the
// integration and end-to-end tests (each test makes its own users).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../config.ts';
import type { StackInfo } from './harness.ts';
import { startTestStack } from './start.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * End-to-end tests need a production build of the web app. A run filtered to other files (a
 * developer running one integration test) skips the build; KAIROS_E2E=1 or 0 decides explicitly.
 */
function wantsWebBuild(): boolean {
  if (process.env.KAIROS_E2E) return process.env.KAIROS_E2E === '1';
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'run' && !/^(unit|web|stack|faults)$/.test(a));
  return filters.length === 0 || filters.some((f) => f.includes('e2e'));
}

async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'kairos-web-'));
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would ship development React; journeys test the production bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(ROOT, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  console.log(`web app built for end-to-end tests in ${Date.now() - started} ms`);
  return outDir;
}

export default async function setup(project: TestProject) {
  const webDir = project.name !== 'faults' && wantsWebBuild() ? await buildWeb() : undefined;
  const { stack, radicale, google, stripe, zoom, dispose } = await startTestStack({ webDir, radicale: true, google: true, stripe: { webhookPath: '/functions/v1/stripe_webhook' }, zoom: true });
  const info: StackInfo = {
    apiUrl: stack.config.apiUrl,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    jwtSecret: stack.config.jwtSecret,
    dbUrl: stack.dbUrl,
    inboxUrl: `http://127.0.0.1:${stack.config.ports.inbox}`,
    smtpPort: stack.config.ports.smtp,
    adminDbUrl: stack.adminDbUrl,
    siteUrl: stack.config.auth.siteUrl,
    webUrl: webDir ? stack.config.apiUrl : undefined,
    caldav: radicale && { url: radicale.url, users: radicale.usersFile },
    google: google && { url: google.url, clientId: google.clientId, env: google.env },
    stripe: stripe && { url: stripe.url, env: stripe.env },
    zoom: zoom && { url: zoom.url, env: zoom.env },
  };
  project.provide('stack', info);
  console.log(`test stack ready in ${stack.startup.ms} ms at ${info.apiUrl}`);
  return async () => {
    await dispose();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  };
}
