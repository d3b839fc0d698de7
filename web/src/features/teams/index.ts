// The teams feature as other features use it: the names of the assignment strategies.
export { ASSIGNMENT_LABELS } from './schemas.ts';
