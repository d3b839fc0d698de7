// The event-types feature as other features use it: the list section, the query and the form defaults.
export { EventTypesSection } from './EventTypesSection.tsx';
export { useEventTypes } from './hooks.ts';
export { eventTypeDefaults } from './schemas.ts';
