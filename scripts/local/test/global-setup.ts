// Vitest global setup of the `stack` project: one local stack for the whole run, shared by the
// integration and end-to-end tests (each test makes its own users).
import type { TestProject } from 'vitest/node';
import { startTestStack } from './test-stack.ts';
import type { StackInfo } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject) {
  const { stack, dispose } = await startTestStack();
  const info: StackInfo = {
    apiUrl: stack.config.apiUrl,
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    jwtSecret: stack.config.jwtSecret,
    dbUrl: stack.dbUrl,
  };
  project.provide('stack', info);
  console.log(`test stack ready in ${stack.startup.ms} ms at ${info.apiUrl}`);
  return dispose;
}
