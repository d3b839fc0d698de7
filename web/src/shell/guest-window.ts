// What the app reads of the browser while it renders a page's shell in Node (render.tsx): a guest's
// first visit, so the address and a language, and no storage (deviceStorage.ts reads nothing from a
// browser that refuses it). Only while a shell is made: the build and the dev server render in the
// process that also runs other code (the test stack, the local services), which must not find a
// browser's `window` there.
const scope = globalThis as { window?: unknown; navigator?: unknown };
const GUEST = {
  window: { location: new URL('http://localhost/') },
  // Node 21 and later have a navigator; Node 20 has none.
  navigator: { language: 'en', languages: ['en'] },
};
let guests = 0;
let added: (keyof typeof GUEST)[] = [];

/** Gives Node a guest's window (what it lacks of one) until as many `leaveGuest` calls. */
export function enterGuest(): void {
  if (guests++ > 0) return;
  added = (Object.keys(GUEST) as (keyof typeof GUEST)[]).filter((name) => scope[name] === undefined);
  for (const name of added) scope[name] = GUEST[name];
}

export function leaveGuest(): void {
  if (--guests > 0) return;
  for (const name of added) delete scope[name];
  added = [];
}

// The app's modules read `window` when they load: render.tsx imports this first and leaves once they have.
enterGuest();
