/* global process */
// Preloaded into the load generator's process (node --require): on exit it writes the CPU the process
// used (user + system, every thread, in microseconds) to stderr as one line, for load.ts to read.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\nload-generator-cpu-us ${user + system}\n`);
});
