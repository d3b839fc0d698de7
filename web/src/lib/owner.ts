// Whose rows a screen reads and writes: the signed-in host's own, or a team's. Event types, weekly
// hours and date overrides of both live in one table each, keyed by user_id or team_id, and the
// replacing RPCs act for a team when given p_team_id (the policies decide who may).
import type { QueryKey } from '@tanstack/react-query';

export type Owner = { userId: string } | { teamId: number };

export const isTeamOwner = (owner: Owner): owner is { teamId: number } => 'teamId' in owner;

/** The cache key of the owner's `part` ('event-types', 'availability', …): a team's under its own key. */
export function ownerKey(owner: Owner | null, part: string): QueryKey {
  return owner && isTeamOwner(owner) ? ['teams', owner.teamId, part] : [part];
}

/** The column and value that select the owner's rows. */
export function ownerMatch(owner: Owner): { user_id: string } | { team_id: number } {
  return isTeamOwner(owner) ? { team_id: owner.teamId } : { user_id: owner.userId };
}

/** The argument that makes a replacing RPC act for a team (none: the caller's own). */
export function ownerArgs(owner: Owner): { p_team_id?: number } {
  return isTeamOwner(owner) ? { p_team_id: owner.teamId } : {};
}
