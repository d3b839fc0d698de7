// Servers the outbound guard's deno tests talk to: a DNS server that answers what a test scripts
// (rebinding included), and a certificate authority with a server certificate for a test name.

export interface ScriptedDns {
  nameServer: { ipAddr: string; port: number };
  /** A and AAAA questions received, per name. */
  asked: (name: string, type?: 'A' | 'AAAA') => number;
  close(): void;
}

const TYPES: Record<number, 'A' | 'AAAA'> = { 1: 'A', 28: 'AAAA' };

/**
 * A DNS server on 127.0.0.1 (UDP). `answers[name]` lists what successive A questions for the name get
 * (the last one repeats), each with a TTL of 0, as a rebinding attacker's server would; AAAA gets no
 * record; any other name is NXDOMAIN.
 */
export function scriptedDns(answers: Record<string, string[]>): ScriptedDns {
  const socket = Deno.listenDatagram({ transport: 'udp', hostname: '127.0.0.1', port: 0 });
  const counts = new Map<string, number>();
  (async () => {
    for await (const [query, from] of socket) {
      let offset = 12;
      const labels: string[] = [];
      while (query[offset] !== 0) {
        labels.push(new TextDecoder().decode(query.subarray(offset + 1, offset + 1 + query[offset])));
        offset += query[offset] + 1;
      }
      const name = labels.join('.').toLowerCase();
      const type = TYPES[(query[offset + 1] << 8) | query[offset + 2]];
      const questionEnd = offset + 5;
      const key = `${name} ${type}`;
      const n = counts.get(key) ?? 0;
      counts.set(key, n + 1);
      const list = answers[name];
      const address = type === 'A' && list ? list[Math.min(n, list.length - 1)] : undefined;
      const header = new Uint8Array(12);
      header.set(query.subarray(0, 2));
      header.set([0x81, list ? 0x80 : 0x83, 0, 1, 0, address ? 1 : 0, 0, 0, 0, 0], 2);
      const answer = address ? [0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4, ...address.split('.').map(Number)] : [];
      const reply = new Uint8Array([...header, ...query.subarray(12, questionEnd), ...answer]);
      await socket.send(reply, from);
    }
  })().catch(() => {});
  const addr = socket.addr as Deno.NetAddr;
  return {
    nameServer: { ipAddr: '127.0.0.1', port: addr.port },
    asked: (name, type) => (type ? [type] : ['A', 'AAAA']).reduce((sum, t) => sum + (counts.get(`${name} ${t}`) ?? 0), 0),
    close: () => socket.close(),
  };
}

export interface TestCertificates {
  ca: string;
  cert: string;
  key: string;
}

/** A throwaway CA and a certificate it signed for `name` (openssl). */
export async function certificatesFor(name: string): Promise<TestCertificates> {
  const dir = await Deno.makeTempDir({ prefix: 'kairos-tls-' });
  const run = async (...args: string[]) => {
    const out = await new Deno.Command('openssl', { args, cwd: dir, stdout: 'null', stderr: 'piped' }).output();
    if (!out.success) throw new Error(`openssl ${args[0]}: ${new TextDecoder().decode(out.stderr)}`);
  };
  await run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=Kairos test CA');
  await run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${name}`);
  await Deno.writeTextFile(`${dir}/ext.cnf`, `subjectAltName=DNS:${name}\n`);
  await run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '1', '-extfile', 'ext.cnf');
  const read = (f: string) => Deno.readTextFile(`${dir}/${f}`);
  const certs = { ca: await read('ca.pem'), cert: await read('server.pem'), key: await read('server.key') };
  await Deno.remove(dir, { recursive: true });
  return certs;
}
