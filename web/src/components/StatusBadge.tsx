// Badges for a booking's status and a team member's role.
import { Badge } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

const STATUS: Record<string, { label: string; palette: string }> = {
  pending: { label: 'Awaiting Confirmation', palette: 'yellow' },
  awaiting_payment: { label: 'Awaiting Payment', palette: 'orange' },
  confirmed: { label: 'Confirmed', palette: 'green' },
  cancelled: { label: 'Cancelled', palette: 'red' },
  completed: { label: 'Completed', palette: 'blue' },
};

/** docs/product/states.md: known statuses get their label and colour; anything else is shown as is, in gray. */
export function StatusBadge({ status }: { status: string }) {
  const known = STATUS[status];
  return (
    <Badge colorPalette={known?.palette ?? 'gray'} data-color={known?.palette ?? 'gray'} variant={known ? 'subtle' : 'outline'}>
      {known?.label ?? status}
    </Badge>
  );
}

const ROLE_PALETTE: Record<string, string> = { owner: 'yellow', admin: 'blue', member: 'gray' };

/** docs/product/permissions.md: owner yellow, admin blue, member gray; unknown roles look like member. */
export function RoleBadge({ role }: { role: string }) {
  const intl = useIntl();
  const known = role === 'owner' || role === 'admin' || role === 'member';
  return (
    <Badge colorPalette={ROLE_PALETTE[role] ?? 'gray'} data-color={ROLE_PALETTE[role] ?? 'gray'} variant="subtle" textTransform="capitalize">
      {known ? intl.formatMessage({ id: `role.${role}` }) : role}
    </Badge>
  );
}
