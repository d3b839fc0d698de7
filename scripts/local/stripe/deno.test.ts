// The `stripe` SDK under the Deno the edge functions run on (the Edge Runtime's Deno, as pinned in
// package.json): it loads as a function loads it, makes a GET and a form-encoded POST to the stand-in
// over its fetch client, and verifies the stand-in's webhook signature with SubtleCrypto
// (constructEventAsync: the synchronous constructEvent needs Node's crypto), refusing a changed payload.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../config.ts';
import { denoBinary } from '../functions.ts';
import { startStripeStandIn, type StripeStandIn } from './server.ts';
import { signatureHeader, webhookSecret } from './webhooks.ts';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.stop());

describe('stripe SDK under the functions\' Deno', () => {
  it('loads, retrieves the account from the stand-in, and verifies a signed event', async () => {
    const secret = webhookSecret();
    const payload = JSON.stringify({ id: 'evt_1Deno', object: 'event', type: 'checkout.session.completed', data: { object: {} } }, null, 2);
    const header = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    // Spawned, not spawnSync: the stand-in answers the probe from this process.
    const run = await probe([standIn.url, standIn.secretKey, payload, header, secret]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const seen = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(seen).toEqual({ deno: expect.any(String), account: standIn.platformAccount, endpoint: ['checkout.session.completed'], event: 'evt_1Deno', refused: 'StripeSignatureVerificationError' });
  });
});

function probe(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(denoBinary(), ['run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', join('scripts', 'local', 'deno', 'stripe-probe.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
