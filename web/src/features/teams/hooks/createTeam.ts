// Creating a team, bookable from the start.
import { DEFAULT_RANGE, DEFAULT_WORKING_DAYS } from '../../../lib/shared.ts';
import { dbCode, unwrap } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSay } from '../../../i18n/useSay.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import type { AvailabilityRule, Team } from '../../../lib/types.ts';
import { useChange } from '../../../lib/useChange.ts';
import type { TeamCreateValues } from '../schemas.ts';
import { teamsKey } from './keys.ts';

const DEFAULT_TEAM_WEEK: AvailabilityRule[] = DEFAULT_WORKING_DAYS.map((day) => ({
  day_of_week: day,
  start_time: DEFAULT_RANGE.startTime,
  end_time: DEFAULT_RANGE.endTime,
  is_enabled: true,
}));

export function useCreateTeam() {
  const { data: user } = useCurrentUser();
  const say = useSay();
  return useChange({
    run: async (values: TeamCreateValues) => {
      const team = unwrap(
        await supabase
          .from('teams')
          .insert({
            name: values.name,
            slug: values.slug,
            description: values.description,
            timezone: values.timezone,
            is_public: values.isPublic,
            owner_id: user!.id,
          })
          .select()
          .single(),
      ) as Team;
      // A new team is bookable from the start, as a new host is: the working days, in the team's zone.
      unwrap(await supabase.rpc('replace_availability', { p_team_id: team.id, p_rules: DEFAULT_TEAM_WEEK }));
      return team;
    },
    refresh: [teamsKey],
    done: () => notify(say('teams.toast.created'), say('teams.toast.createdText')),
    // A taken URL is the one refusal the person can act on; anything else is said as a failure.
    failed: (error: Error) => notifyError(say('bookings.toast.error'), say(dbCode(error) === '23505' ? 'teams.toast.urlTaken' : 'teams.toast.createFailed')),
  });
}
