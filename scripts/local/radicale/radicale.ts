// Radicale (Debian's `radicale` package) as the CalDAV server of the tests: a real server on a free
// loopback port with its own temporary folder and an htpasswd file, so connection tests can use
// right and wrong app passwords. A test dependency only; `npm run dev` does not start it.
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePortRange } from '../ports.ts';
import { tempDataDir } from '../postgres.ts';
import { answers, startProcess, type ServiceProcess } from '../process.ts';

export const RADICALE_BINARY = '/usr/bin/radicale';

export interface Radicale {
  /** http://127.0.0.1:PORT (no trailing slash); a user's principal is `${url}/${user}/`. */
  url: string;
  process: ServiceProcess;
  /** Its htpasswd file (plain `user:password` lines; Radicale reads it at every login). */
  usersFile: string;
  /** Adds a login (plain htpasswd line; Radicale reads the file at every login). */
  addUser(user: string, password: string): void;
  stop(): Promise<void>;
}

export async function startRadicale(opts: { log?: (m: string) => void; port?: number } = {}): Promise<Radicale> {
  if (!existsSync(RADICALE_BINARY)) throw new Error('Radicale not found at /usr/bin/radicale: apt-get install -y radicale');
  const dir = tempDataDir('kairos-radicale-');
  const port = opts.port ?? (await freePortRange(1));
  const users = join(dir, 'users');
  const collections = join(dir, 'collections');
  mkdirSync(collections);
  writeFileSync(users, '');
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${users}`,
      'htpasswd_encryption = plain',
      // Radicale waits this long after a wrong password; tests try wrong ones on purpose.
      'delay = 0',
      '[storage]',
      `filesystem_folder = ${collections}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${port}`;
  const process = await startProcess({
    name: 'radicale',
    command: RADICALE_BINARY,
    args: ['--config', config],
    env: {},
    ready: () => answers(`${url}/.web/`),
    log: opts.log ?? (() => {}),
    pidFile: join(dir, 'radicale.pid'),
  });
  return {
    url,
    process,
    usersFile: users,
    addUser: (user, password) => appendFileSync(users, `${user}:${password}\n`),
    stop: async () => {
      await process.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
