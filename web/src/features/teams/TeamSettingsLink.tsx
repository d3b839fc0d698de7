// The way to a team's settings, from its card on /teams and from its own page.
import { Settings } from 'lucide-react';
import { LinkButton } from '../../components/LinkButton.tsx';

export function TeamSettingsLink({ teamId }: { teamId: number }) {
  return (
    <LinkButton to={`/teams/${teamId}/settings`} size="sm" variant="outline">
      <Settings /> Settings
    </LinkButton>
  );
}
