// Free TCP ports on loopback, so parallel stacks (tests, a running `npm run dev`) never collide.
import net from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A run of `count` consecutive free ports. Drawn below Linux's ephemeral range (32768+), where an
 * outgoing connection of a busy machine can take a port between our check and our bind.
 */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20000 + Math.floor(Math.random() * (12000 - count));
    const checks = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('No free port range found');
}
