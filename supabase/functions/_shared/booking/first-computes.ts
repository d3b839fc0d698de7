// One computation at a time per key, for what a process keeps (a slot answer, a schedule's inputs):
// requests that find nothing kept and another request computing it wait for that one, then look again.
// At each new minute every open connection to a big team's slots would otherwise compute the same 1,440
// slots at once, and after a start or a booking each would read the same 100,000 busy intervals.

/**
 * `compute()` for this request, once no other request's computation of `key` is running; `kept()`
 * answers the kept value, if any. Waiting ends when the other computation settles: a failed one leaves
 * nothing kept, and the next request in line computes in its place. With something kept, `compute()`
 * runs at once (it only checks the kept value is still current).
 */
export async function firstComputes<T>(running: Map<string, Promise<T>>, key: string, kept: () => unknown, compute: () => Promise<T>): Promise<T> {
  for (let other = running.get(key); !kept() && other; other = running.get(key)) await other.catch(() => undefined);
  if (kept()) return compute();
  const mine = compute();
  running.set(key, mine);
  const done = () => running.delete(key);
  mine.then(done, done);
  return mine;
}
