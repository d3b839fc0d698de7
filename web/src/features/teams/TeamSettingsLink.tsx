// The way to a team's settings, from its card on /teams and from its own page.
import { Settings } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { LinkButton } from '../../components/LinkButton.tsx';

export function TeamSettingsLink({ teamId }: { teamId: number }) {
  return (
    <LinkButton to={`/teams/${teamId}/settings`} size="sm" variant="outline">
      <Settings /> <FormattedMessage id="teams.settings" />
    </LinkButton>
  );
}
