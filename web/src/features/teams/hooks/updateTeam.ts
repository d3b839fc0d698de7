// A team's settings saved (the fields given only).
import { dbCode, unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useSay } from '../../../i18n/useSay.ts';
import { useChange } from '../../../lib/useChange.ts';
import type { TeamSettingsValues } from '../schemas.ts';
import { teamsKey } from './keys.ts';

export function useUpdateTeam(teamId: number) {
  const say = useSay();
  return useChange({
    run: async (values: Partial<TeamSettingsValues>) => {
      unwrap(
        await supabase
          .from('teams')
          .update({
            ...(values.name !== undefined && { name: values.name }),
            ...(values.slug !== undefined && { slug: values.slug }),
            ...(values.description !== undefined && { description: values.description }),
            ...(values.timezone !== undefined && { timezone: values.timezone }),
            ...(values.isPublic !== undefined && { is_public: values.isPublic }),
          })
          .eq('id', teamId)
          .select('id')
          .single(),
      );
    },
    refresh: [teamsKey],
    done: () => notify(say('teams.toast.updated'), say('teams.toast.updatedText')),
    failed: (error) => notifyError(say('bookings.toast.error'), say(dbCode(error) === '23505' ? 'teams.toast.urlTaken' : 'teams.toast.updateFailed')),
  });
}
