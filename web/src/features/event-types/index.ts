// The event-types feature as other features use it: the host's list section, the query and the one
// event type form (a host's or a team's).
export { EventTypeDialog } from './EventTypeDialog.tsx';
export { EventTypesSection } from './EventTypesSection.tsx';
export { useEventTypes } from './hooks.ts';
