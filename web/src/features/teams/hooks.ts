// Teams, members, invitations, meeting types, hours and team bookings, through supabase-js (RLS and RPCs).
import { useQuery } from '@tanstack/react-query';
import { BOOKING_LISTS, DEFAULT_RANGE, DEFAULT_WORKING_DAYS, inList, type BookingList } from '../../lib/shared.ts';
import { useNavigate } from 'react-router-dom';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import { useChange } from '../../lib/useChange.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { BOOKING_CARD_SELECT, type AvailabilityRule, type Booking, type MyInvitation, type Team, type TeamInvitation, type TeamMember, type TeamRole } from '../../lib/types.ts';
import { useCurrentUser } from '../auth/index.ts';
import type { InviteValues, TeamCreateValues, TeamSettingsValues } from './schemas.ts';

export type TeamListItem = Team & { role: TeamRole; memberCount: number };

const teamsKey = ['teams'] as const;

/** The cache key of one team, or of one part of it ('members', 'event-types', …). */
const teamKey = (teamId: number, ...parts: string[]) => [...teamsKey, teamId, ...parts];

type TeamTable = 'team_members' | 'team_invitations';

/** One team's rows of a table (RLS decides who reads them), in `order`, cached under the team's `part`. */
function useTeamRows<Row>(teamId: number, part: string, table: TeamTable, columns: string, order: string[]) {
  return useQuery({
    queryKey: teamKey(teamId, part),
    queryFn: async () => {
      let rows = supabase.from(table).select(columns).eq('team_id', teamId);
      for (const column of order) rows = rows.order(column);
      return unwrap(await rows) as Row[];
    },
  });
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

const DEFAULT_TEAM_WEEK: AvailabilityRule[] = DEFAULT_WORKING_DAYS.map((day) => ({
  day_of_week: day,
  start_time: DEFAULT_RANGE.startTime,
  end_time: DEFAULT_RANGE.endTime,
  is_enabled: true,
}));

export function useCreateTeam() {
  const { data: user } = useCurrentUser();
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
    done: () => notify('Team Created', 'Your team has been created successfully.'),
    failed: (error: Error) =>
      notifyError(
        'Error',
        /duplicate|unique/i.test(error.message) ? 'This team URL is already taken' : error.message || 'Failed to create team',
      ),
  });
}

export function useTeam(teamId: number) {
  return useQuery({
    queryKey: teamKey(teamId),
    enabled: Number.isInteger(teamId),
    queryFn: async () => unwrap(await supabase.from('teams').select('*').eq('id', teamId).maybeSingle()) as Team | null,
  });
}

const MEMBER_COLUMNS = '*, user:profiles(id, first_name, last_name, email, profile_image_url, title, company, location)';

export function useTeamMembers(teamId: number) {
  return useTeamRows<TeamMember>(teamId, 'members', 'team_members', MEMBER_COLUMNS, ['joined_at']);
}

/** The signed-in user's role in the team (assigning is offered to owners and admins only). */
export function useMyTeamRole(teamId: number): TeamRole | undefined {
  const { data: user } = useCurrentUser();
  const { data: members } = useTeamMembers(teamId);
  return members?.find((member) => member.user_id === user?.id)?.role;
}

export function useTeamBookingsThisMonth(teamId: number) {
  return useQuery({
    queryKey: teamKey(teamId, 'bookings', 'this-month'),
    queryFn: async () => unwrap(await supabase.rpc('team_bookings_this_month', { p_team_id: teamId })),
  });
}

export type TeamBookingTab = BookingList;

export function useTeamBookings(teamId: number, tab: TeamBookingTab) {
  return useQuery({
    queryKey: teamKey(teamId, 'bookings', tab),
    queryFn: async () => {
      const team = supabase.from('bookings').select(BOOKING_CARD_SELECT).eq('team_id', teamId);
      const { data, error } = await inList(team, tab, new Date()).order('start_time', { ascending: BOOKING_LISTS[tab].ascending });
      if (error) throw new Error(tab === 'cancelled' ? 'Failed to fetch cancelled bookings' : 'Failed to fetch bookings');
      return data as Booking[];
    },
  });
}

/** An invitation, not a membership: the person joins once they accept; the database queues its mail. */
export function useInviteMember(teamId: number) {
  return useChange({
    run: async (values: InviteValues) => {
      unwrap(await supabase.rpc('invite_team_member', { p_team_id: teamId, p_email: values.email, p_role: values.role }));
    },
    refresh: [teamKey(teamId, 'invitations')],
    done: (_data, values) => notify('Member Invited', `${values.email} will join the team once they accept the invitation.`),
    failed: 'Failed to invite member',
  });
}

const INVITATION_COLUMNS = 'id, team_id, email, role, created_at, expires_at';

/** Pending invitations of a team: the policies show them to its owners and admins only. */
export function useTeamInvitations(teamId: number) {
  return useTeamRows<TeamInvitation>(teamId, 'invitations', 'team_invitations', INVITATION_COLUMNS, ['created_at']);
}

export function useRevokeInvitation(teamId: number) {
  return useChange({
    run: async (invitationId: number) => {
      unwrap(await supabase.from('team_invitations').delete().eq('id', invitationId).eq('team_id', teamId).select('id').single());
    },
    refresh: [teamKey(teamId, 'invitations')],
    done: () => notify('Invitation Revoked'),
    failed: 'Failed to revoke invitation',
  });
}

const invitationsKey = ['invitations'] as const;

/** Invitations addressed to the signed-in user (a manager also reads their own team's, hence the email). */
export function useMyInvitations() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: [...invitationsKey, user?.email],
    enabled: Boolean(user?.email),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('team_invitations')
          .select(`${INVITATION_COLUMNS}, team:teams(id, name, slug, description)`)
          .eq('email', user!.email!.toLowerCase())
          .order('created_at'),
      ) as MyInvitation[],
  });
}

/** The invitation a mailed link names (anyone holding the link may look). */
export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: [...invitationsKey, 'link', token],
    queryFn: async () => (unwrap(await supabase.rpc('team_invitation_by_token', { p_token: token })) ?? [])[0] ?? null,
  });
}

function useInvitationAnswer<T>(run: (invitationId: number) => Promise<T>, done: (result: T) => void, failed: string) {
  return useChange({ run, refresh: [invitationsKey, teamsKey], done, failed });
}

/**
 * Accepting needs proof that the user reads the invited address: the token of the mailed link they
 * opened, or an address a Kairos mail proved before. Without either, the link is mailed again and the
 * server's sentence says where to find it.
 */
export function useAcceptInvitation(token?: string) {
  const navigate = useNavigate();
  return useInvitationAnswer(
    async (invitationId) => {
      const accepted = await supabase.rpc('accept_team_invitation', { p_invitation_id: invitationId, p_token: token });
      if (accepted.error?.code === 'KR002') unwrap(await supabase.rpc('mail_invitation_link', { p_invitation_id: invitationId }));
      return unwrap(accepted);
    },
    (member) => {
      notify('Invitation Accepted', 'You are now a member of the team.');
      navigate(`/teams/${member.team_id}`);
    },
    'Failed to accept invitation',
  );
}

export function useDeclineInvitation() {
  return useInvitationAnswer(
    async (invitationId) => {
      unwrap(await supabase.from('team_invitations').delete().eq('id', invitationId).select('id').single());
    },
    () => notify('Invitation Declined'),
    'Failed to decline invitation',
  );
}

/** Leaving a team: the caller's own membership goes (the policies keep the owner in). */
export function useLeaveTeam(teamId: number) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  return useChange({
    run: async () => {
      unwrap(await supabase.from('team_members').delete().eq('team_id', teamId).eq('user_id', user!.id).select('id').single());
    },
    refresh: [teamsKey],
    done: () => {
      notify('Left Team', 'You are no longer a member of this team.');
      navigate('/teams');
    },
    failed: 'Failed to leave team',
  });
}

export function useRemoveMember(teamId: number) {
  return useChange({
    run: async (userId: string) => {
      unwrap(await supabase.from('team_members').delete().eq('team_id', teamId).eq('user_id', userId).select('id').single());
    },
    refresh: [teamsKey],
    done: () => notify('Member Removed'),
    failed: 'Failed to remove member',
  });
}

/** After team booking changes the upcoming, past and cancelled lists are refreshed (docs/product/api.md). */
function useTeamBookingMutation<T>(teamId: number, run: (input: T) => Promise<void>, success: string, failed: string) {
  return useChange({ run, refresh: [teamKey(teamId, 'bookings')], done: () => notify(success), failed });
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
