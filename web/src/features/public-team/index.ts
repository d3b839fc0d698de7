// A public team's page data, for the embeddable team booking page.
export { usePublicTeam } from './hooks.ts';
