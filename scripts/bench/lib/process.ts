// Child processes of the benchmarks (vite build, `npm run dev`), with their output kept for errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../../local/config.ts';

export interface Child {
  proc: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export function run(command: string, args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout!.on('data', collect);
  proc.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => output, exited };
}

/** Runs to completion; rejects with the output when it fails. */
export async function runToEnd(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = run(command, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${child.output()}`);
  return child.output();
}

/** Resolves once `text` appears in the child's output; rejects if it exits or `timeoutMs` passes first. */
export function waitForOutput(child: Child, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no "${text}" within ${timeoutMs} ms:\n${child.output()}`)), timeoutMs);
    const check = () => {
      if (child.output().includes(text)) done();
    };
    const onExit = () => done(new Error(`exited before "${text}":\n${child.output()}`));
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.proc.stdout!.off('data', check);
      child.proc.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    child.proc.stdout!.on('data', check);
    child.proc.once('exit', onExit);
    check();
  });
}
