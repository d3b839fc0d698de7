// The availability feature as other features use it: the host's weekly hours.
export { hasWorkingHours, useAvailability } from './hooks.ts';
