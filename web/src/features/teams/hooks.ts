import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamEventTypeColumns } from '../../lib/shared.ts';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import type { Booking, Team, TeamAvailability, TeamEventType, TeamMember, TeamRole } from '../../lib/types.ts';
import { useCurrentUser } from '../auth/index.ts';
import type { InviteValues, TeamCreateValues, TeamEventTypeValues, TeamSettingsValues } from './schemas.ts';

export type TeamListItem = Team & { role: TeamRole; memberCount: number };

const teamsKey = ['teams'] as const;

function fail(fallback: string) {
  return (error: Error) => notifyError('Error', error.message || fallback);
}

export function useTeams() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: teamsKey,
    enabled: Boolean(user),
    queryFn: async () => {
      const rows = unwrap(
        await supabase
          .from('team_members')
          .select('role, team:teams(*, members:team_members(count))')
          .eq('user_id', user!.id)
          .order('joined_at'),
      );
      return rows.flatMap(({ role, team }) =>
        team ? [{ ...team, role, memberCount: (team.members as unknown as { count: number }[])[0]?.count ?? 0 } as TeamListItem] : [],
      );
    },
  });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: async (values: TeamCreateValues) =>
      unwrap(
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
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamsKey });
      notify('Team Created', 'Your team has been created successfully.');
    },
    onError: (error: Error) =>
      notifyError(
        'Error',
        /duplicate|unique/i.test(error.message) ? 'This team URL is already taken' : error.message || 'Failed to create team',
      ),
  });
}

export function useTeam(teamId: number) {
  return useQuery({
    queryKey: [...teamsKey, teamId],
    enabled: Number.isInteger(teamId),
    queryFn: async () => unwrap(await supabase.from('teams').select('*').eq('id', teamId).maybeSingle()) as Team | null,
  });
}

export function useTeamMembers(teamId: number) {
  return useQuery({
    queryKey: [...teamsKey, teamId, 'members'],
    queryFn: async () =>
      unwrap(
        await supabase
          .from('team_members')
          .select('*, user:profiles(id, first_name, last_name, email, profile_image_url, title, company, location)')
          .eq('team_id', teamId)
          .order('joined_at'),
      ) as TeamMember[],
  });
}

/** The signed-in user's role in the team (assigning is offered to owners and admins only). */
export function useMyTeamRole(teamId: number): TeamRole | undefined {
  const { data: user } = useCurrentUser();
  const { data: members } = useTeamMembers(teamId);
  return members?.find((member) => member.user_id === user?.id)?.role;
}

export function useTeamEventTypes(teamId: number) {
  return useQuery({
    queryKey: [...teamsKey, teamId, 'event-types'],
    queryFn: async () =>
      unwrap(await supabase.from('team_event_types').select('*').eq('team_id', teamId).order('created_at')) as TeamEventType[],
  });
}

export function useTeamBookingsThisMonth(teamId: number) {
  return useQuery({
    queryKey: [...teamsKey, teamId, 'bookings', 'this-month'],
    queryFn: async () => unwrap(await supabase.rpc('team_bookings_this_month', { p_team_id: teamId })),
  });
}

export type TeamBookingTab = 'upcoming' | 'past' | 'cancelled' | 'all';

export function useTeamBookings(teamId: number, tab: TeamBookingTab) {
  return useQuery({
    queryKey: [...teamsKey, teamId, 'bookings', tab],
    queryFn: async () => {
      const now = new Date().toISOString();
      let query = supabase.from('bookings').select('*, team_event_type:team_event_types(title, duration)').eq('team_id', teamId);
      query = tab === 'cancelled' ? query.eq('status', 'cancelled') : query.neq('status', 'cancelled');
      if (tab === 'upcoming') query = query.gte('start_time', now);
      if (tab === 'past') query = query.lt('start_time', now);
      const { data, error } = await query.order('start_time', { ascending: tab === 'upcoming' });
      if (error) throw new Error(tab === 'cancelled' ? 'Failed to fetch cancelled bookings' : 'Failed to fetch bookings');
      return data as Booking[];
    },
  });
}

export function useInviteMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: InviteValues) => {
      unwrap(await supabase.rpc('invite_team_member', { p_team_id: teamId, p_email: values.email, p_role: values.role }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...teamsKey] });
      notify('Member Invited', 'Team member has been added successfully.');
    },
    onError: fail('Failed to invite member'),
  });
}

export function useRemoveMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      unwrap(await supabase.from('team_members').delete().eq('team_id', teamId).eq('user_id', userId).select('id').single());
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...teamsKey] });
      notify('Member Removed');
    },
    onError: fail('Failed to remove member'),
  });
}

export function useCreateTeamEventType(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TeamEventTypeValues) => {
      unwrap(
        await supabase
          .from('team_event_types')
          .insert({ ...teamEventTypeColumns(values), team_id: teamId })
          .select('id')
          .single(),
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...teamsKey, teamId, 'event-types'] });
      notify('Event Type Created');
    },
    onError: fail('Failed to create event type'),
  });
}

/** After team booking changes the upcoming, past and cancelled lists are refreshed (docs/product/api.md). */
function useTeamBookingMutation<T>(teamId: number, run: (input: T) => Promise<void>, success: string, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...teamsKey, teamId, 'bookings'] });
      notify(success);
    },
    onError: fail(fallback),
  });
}

export function useCancelTeamBooking(teamId: number) {
  return useTeamBookingMutation(
    teamId,
    async (bookingId: number) => {
      unwrap(await supabase.from('bookings').update({ status: 'cancelled' }).eq('id', bookingId).select('id').single());
    },
    'Booking Cancelled',
    'Failed to cancel team booking',
  );
}

export function useAssignBooking(teamId: number) {
  return useTeamBookingMutation(
    teamId,
    async ({ bookingId, memberId }: { bookingId: number; memberId: string }) => {
      unwrap(await supabase.from('bookings').update({ assigned_user_id: memberId }).eq('id', bookingId).select('id').single());
    },
    'Booking Assigned',
    'Failed to assign booking',
  );
}

export function useUpdateTeam(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Partial<TeamSettingsValues>) => {
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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamsKey });
      notify('Team Updated', 'Team settings have been saved successfully.');
    },
    onError: fail('Failed to update team settings'),
  });
}

export function useTeamAvailability(teamId: number) {
  return useQuery({
    queryKey: [...teamsKey, teamId, 'availability'],
    queryFn: async () =>
      unwrap(
        await supabase
          .from('team_availability')
          .select('day_of_week, start_time, end_time, is_enabled')
          .eq('team_id', teamId)
          .order('day_of_week')
          .order('start_time'),
      ) as TeamAvailability[],
  });
}

/** PUT of the full week: the team's rows are replaced by `entries`. */
export function useSaveTeamAvailability(teamId: number) {
  const queryClient = useQueryClient();
  const key = [...teamsKey, teamId, 'availability'];
  return useMutation({
    mutationFn: async (entries: TeamAvailability[]) => {
      unwrap(await supabase.rpc('replace_team_availability', { p_team_id: teamId, p_rules: entries }));
    },
    onMutate: (entries) => queryClient.setQueryData(key, entries),
    onSuccess: () => notify('Availability Updated'),
    onError: (error: Error) => {
      void queryClient.invalidateQueries({ queryKey: key });
      fail('Failed to update availability')(error);
    },
  });
}
