// Webhook endpoints and their delivery logs: on the profile (a host's own) and in team settings (a team's).
export { WebhooksSection } from './WebhooksSection.tsx';
