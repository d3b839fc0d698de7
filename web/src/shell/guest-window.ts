// What the app reads of the browser while it renders a page's shell in Node (render.tsx): a guest's
// first visit, so the address and a language, and no storage (deviceStorage.ts reads nothing from a
// browser that refuses it). Imported before the app, whose modules read `window` when they load.
const guest = globalThis as { window?: unknown; navigator?: unknown };
guest.window ??= { location: new URL('http://localhost/') };
// Node 21 and later have a navigator; Node 20 has none.
guest.navigator ??= { language: 'en', languages: ['en'] };
