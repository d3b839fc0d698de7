// The calendars feature's public face.
export { CalendarsSection } from './CalendarsSection.tsx';
