// A team's settings saved (the fields given only).
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify } from '../../../lib/toaster.ts';
import { useChange } from '../../../lib/useChange.ts';
import type { TeamSettingsValues } from '../schemas.ts';
import { teamsKey } from './keys.ts';

export function useUpdateTeam(teamId: number) {
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
    done: () => notify('Team Updated', 'Team settings have been saved successfully.'),
    failed: 'Failed to update team settings',
  });
}
