// A public team by its slug, through public RPCs.
import { useQuery } from '@tanstack/react-query';
import { callRpc } from '../../lib/api.ts';
import type { IntlShape } from 'react-intl';
import { zoneLabel } from '../../lib/zones.ts';

export function usePublicTeam(slug: string) {
  return useQuery({
    queryKey: ['public-team', slug],
    queryFn: async () => {
      const [team, eventTypes, members] = await Promise.all([
        callRpc('public_team', { p_slug: slug }),
        callRpc('public_event_types', { p_team_slug: slug }),
        callRpc('public_team_members', { p_slug: slug }),
      ]);
      const found = team[0];
      return found ? { team: found, eventTypes, members } : null;
    },
  });
}

/** docs/product/screens.md: the notice words differ when the visitor's zone matches the team's. */
export function timeZoneNotice(visitorZone: string, teamZone: string, intl: IntlShape): string {
  return visitorZone === teamZone
    ? intl.formatMessage({ id: 'public.team.zoneSame' }, { zone: zoneLabel(visitorZone, undefined, intl.locale) })
    : intl.formatMessage({ id: 'public.team.zoneOther' }, { zone: zoneLabel(visitorZone, undefined, intl.locale), team: zoneLabel(teamZone, undefined, intl.locale) });
}
