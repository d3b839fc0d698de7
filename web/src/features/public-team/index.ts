// A public team's page data, for the embeddable team booking page.
export { usePublicTeamPage } from './hooks.ts';
