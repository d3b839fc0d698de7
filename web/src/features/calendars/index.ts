export { CalendarsSection } from './CalendarsSection.tsx';
