// What pg_cron and pg_net do for a hosted project, for the local stack: each job calls its edge
// function on a timer, and at once when the database NOTIFYs the job's channel (private.kick_outbox
// does, in the transaction that wrote the outbox rows). Kicks that arrive during a run coalesce into
// one more run. The listener reconnects when Postgres restarts.
import pg from 'pg';

export interface Job {
  name: string;
  everyMs: number;
  /** NOTIFY channel that runs the job at once. */
  channel?: string;
  run: () => Promise<void>;
}

export interface Scheduler {
  /** Runs a job now (as a kick would) and resolves when that run is over. */
  trigger(name: string): Promise<void>;
  stop(): Promise<void>;
}

export function startScheduler(opts: { dbUrl: string; jobs: Job[]; log: (m: string) => void }): Scheduler {
  let stopped = false;
  const state = new Map(opts.jobs.map((j) => [j.name, { running: undefined as Promise<void> | undefined, again: false }]));

  const fire = (job: Job): Promise<void> => {
    const s = state.get(job.name)!;
    if (s.running) {
      s.again = true;
      return s.running;
    }
    s.running = (async () => {
      do {
        s.again = false;
        await job.run().catch((e: Error) => opts.log(`scheduler: ${job.name}: ${e.message}`));
      } while (s.again && !stopped);
      s.running = undefined;
    })();
    return s.running;
  };

  const timers = opts.jobs.map((job) => setInterval(() => void fire(job), job.everyMs));

  let client: pg.Client | undefined;
  let retrying = false;
  const channels = opts.jobs.filter((j) => j.channel);
  const retry = () => {
    if (stopped || retrying) return;
    retrying = true;
    setTimeout(() => {
      retrying = false;
      void listen();
    }, 1000);
  };
  const listen = async () => {
    if (stopped || channels.length === 0) return;
    const c = new pg.Client({ connectionString: opts.dbUrl });
    c.on('error', () => {});
    c.on('end', retry);
    c.on('notification', (n) => {
      const job = channels.find((j) => j.channel === n.channel);
      if (job) void fire(job);
    });
    try {
      await c.connect();
      for (const j of channels) await c.query(`listen ${j.channel}`);
      client = c;
      // Rows written while nobody listened are picked up now.
      for (const j of channels) void fire(j);
    } catch {
      await c.end().catch(() => {});
      retry();
    }
  };
  void listen();

  return {
    trigger: (name) => fire(opts.jobs.find((j) => j.name === name)!),
    stop: async () => {
      stopped = true;
      timers.forEach(clearInterval);
      await client?.end().catch(() => {});
      await Promise.all([...state.values()].map((s) => s.running));
    },
  };
}
