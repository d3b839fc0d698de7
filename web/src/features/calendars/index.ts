// The calendars feature's public face.
export { CalendarsSection } from './CalendarsSection.tsx';
export { ZOOM_SECTION_ID } from './ZoomConnect.tsx';
export { useZoomConnection } from './hooks/zoom.ts';
export { STRIPE_SECTION_ID } from './StripeConnect.tsx';
export { useStripeConnection } from './hooks/stripe.ts';
