// Badges for a booking's status and a team member's role.
import { Badge } from '@chakra-ui/react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../i18n/catalogue.ts';

// A signed-in screen's badge: its words are the app area's (status.<status>).
const STATUS: Record<string, { label: MessageId; palette: string }> = {
  pending: { label: 'status.pending', palette: 'yellow' },
  awaiting_payment: { label: 'status.awaiting_payment', palette: 'orange' },
  confirmed: { label: 'status.confirmed', palette: 'green' },
  cancelled: { label: 'status.cancelled', palette: 'red' },
  completed: { label: 'status.completed', palette: 'blue' },
};

/** A status's label in the page's language; a status without one as it is. */
export const statusLabel = (intl: IntlShape, status: string): string => (STATUS[status] ? intl.formatMessage({ id: STATUS[status].label }) : status);

/** docs/product/states.md: known statuses get their label and colour; anything else is shown as is, in gray. */
export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const known = STATUS[status];
  return (
    <Badge colorPalette={known?.palette ?? 'gray'} data-color={known?.palette ?? 'gray'} variant={known ? 'subtle' : 'outline'}>
      {statusLabel(intl, status)}
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
