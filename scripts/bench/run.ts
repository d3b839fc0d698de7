// `npm run bench [-- section...]`: runs the benchmarks (all, or the named sections: engine, slots,
// booking, team, web, startup, calendars, functions, large, bigteam), prints one table and writes it to scripts/bench/results/latest.md.
// A section that fails shows as a FAILED row; the others still run.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { benchBigTeam } from './bigteam.ts';
import { benchBooking } from './booking.ts';
import { benchCalendars } from './calendars.ts';
import { benchEngine } from './engine.ts';
import { benchFunctions } from './functions.ts';
import { benchLarge } from './large.ts';
import { Report } from './lib/report.ts';
import { startBenchStack, type BenchStack } from './lib/stack.ts';
import { benchSlotsHttp } from './slots-http.ts';
import { benchStartup } from './startup.ts';
import { benchTeam } from './team.ts';
import { benchWeb } from './web.ts';

type Section = { name: string; title: string; stack?: boolean; run: (r: Report, s: BenchStack) => unknown };

const SECTIONS: Section[] = [
  { name: 'engine', title: '1 slots: engine', run: (r) => benchEngine(r) },
  { name: 'slots', title: '1 slots: function via gateway', stack: true, run: benchSlotsHttp },
  { name: 'booking', title: '2 booking', stack: true, run: benchBooking },
  { name: 'team', title: '3 team: round robin', stack: true, run: benchTeam },
  { name: 'web', title: '4 web', run: (r) => benchWeb(r) },
  { name: 'startup', title: '5 start-up', run: (r) => benchStartup(r) },
  { name: 'calendars', title: '6 calendars: slots with cached external events', stack: true, run: benchCalendars },
  { name: 'functions', title: '7 functions: bundle and cold start', run: (r) => benchFunctions(r) },
  { name: 'large', title: '8 large database: small beside large', stack: true, run: benchLarge },
  { name: 'bigteam', title: '9 big teams: 1,000 bookings and 1,000 calendar events per member', stack: true, run: benchBigTeam },
];

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !SECTIONS.some((s) => s.name === w));
  if (unknown.length) throw new Error(`Unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.map((s) => s.name).join(', ')}`);
  const chosen = SECTIONS.filter((s) => wanted.length === 0 || wanted.includes(s.name));
  const report = new Report();
  const loadAtStart = loadavg();
  let shared: BenchStack | undefined;
  try {
    for (const section of chosen) {
      const started = Date.now();
      process.stderr.write(`bench: ${section.name}…\n`);
      try {
        if (section.stack) shared ??= await startBenchStack();
        await section.run(report, shared!);
      } catch (e) {
        report.failed(section.title, e);
        process.stderr.write(`bench: ${section.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      }
      process.stderr.write(`bench: ${section.name} done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    }
  } finally {
    await shared?.close();
  }
  // Other work on the machine (a test suite in another shell) slows every figure: the load says how much.
  const load = (when: number[]) => when[0].toFixed(1);
  const header = [
    '# Kairos benchmarks',
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} · loopback, one machine` +
      ` · load average (1 min) at start ${load(loadAtStart)}, at end ${load(loadavg())}` +
      (wanted.length ? ` · sections: ${wanted.join(', ')}` : ''),
  ].join('\n');
  const out = join(import.meta.dirname, 'results', 'latest.md');
  report.write(out, header);
  console.log(report.markdown(header));
  console.log(`Written to ${out}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
