// The calendars feature's public face.
export { CalendarsSection } from './CalendarsSection.tsx';
export { AccountNeeded } from './AccountNeeded.tsx';
export { zoomAccount } from './hooks/zoom.ts';
export { stripeAccount } from './hooks/stripe.ts';
