// A public team by its slug, through public RPCs.
import { useQuery } from '@tanstack/react-query';
import { useIntl, type IntlShape } from 'react-intl';
import { useParams } from 'react-router-dom';
import { callRpc } from '../../lib/api.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';
import { zoneLabel } from '../../lib/zones.ts';

function usePublicTeam(slug: string) {
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

/** The team a page's address names (/team/{slug}, /embed/team/{slug}), and the page's words for a missing one; the page is titled after it. */
export function usePublicTeamPage() {
  const { slug = '' } = useParams();
  const team = usePublicTeam(slug);
  const notFound = useIntl().formatMessage({ id: 'public.team.notFound' });
  usePageTitle(loadedName({ pending: team.isPending, failed: team.isError }, team.data?.team.name, notFound));
  return [team, notFound] as const;
}

/** docs/product/screens.md: the notice words differ when the visitor's zone matches the team's. */
export function timeZoneNotice(visitorZone: string, teamZone: string, intl: IntlShape): string {
  return visitorZone === teamZone
    ? intl.formatMessage({ id: 'public.team.zoneSame' }, { zone: zoneLabel(visitorZone, undefined, intl.locale) })
    : intl.formatMessage({ id: 'public.team.zoneOther' }, { zone: zoneLabel(visitorZone, undefined, intl.locale), team: zoneLabel(teamZone, undefined, intl.locale) });
}
