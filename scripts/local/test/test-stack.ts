// Starts a throwaway stack (temporary folder, free ports) for tests and benchmarks.
import { rmSync } from 'node:fs';
import { startStack, type Stack, type StackOptions } from '../stack.ts';
import { freePortRange } from '../ports.ts';
import { tempDataDir } from '../postgres.ts';

export interface TestStack {
  stack: Stack;
  dataDir: string;
  dispose(): Promise<void>;
}

export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const dataDir = tempDataDir('kairos-stack-');
  const base = await freePortRange(12);
  const stack = await startStack({
    seed: false,
    web: false,
    ...options,
    dataDir,
    ports: { gateway: base, db: base + 1, rest: base + 2, auth: base + 3, storage: base + 4, web: base + 5, functions: base + 6 },
    log: options.log ?? ((m) => process.env.KAIROS_STACK_LOG && console.log(m)),
  });
  return {
    stack,
    dataDir,
    dispose: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
