// The dashboard's setup checklist for a new host: working hours, an event type, a profile, the link
// shared. Shown until every step is done; each step says what is missing and where to do it.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, HStack, List, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CircleCheck, Circle } from 'lucide-react';
import { LinkButton } from '../../components/LinkButton.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { hasSharedLink, markLinkShared, SHARED_EVENT } from '../../lib/linkShared.ts';
import type { Profile } from '../../lib/types.ts';
import { hasWorkingHours, useWeeklyHours } from '../../lib/useWeeklyHours.ts';
import { useEventTypes } from '../event-types/index.ts';
import { zoneLabel } from '../../lib/zones.ts';

/** The host's public calendar link, which Share Calendar copies too. */
export const calendarLink = (userId: string) => `${window.location.origin}/calendar/${userId}`;

/** Whether the host has shared a link (this browser remembers it), heard live from every Share button. */
function useLinkShared(userId: string): boolean {
  const [shared, setShared] = useState(() => hasSharedLink(userId));
  useEffect(() => {
    const update = () => setShared(hasSharedLink(userId));
    window.addEventListener(SHARED_EVENT, update);
    return () => window.removeEventListener(SHARED_EVENT, update);
  }, [userId]);
  return shared;
}

interface Step {
  label: string;
  done: boolean;
  detail: string;
  action: ReactNode;
}

export function SetupChecklist({ user }: { user: Profile }) {
  const owner = { userId: user.id };
  const hours = useWeeklyHours(owner);
  const eventTypes = useEventTypes(owner);
  const shared = useLinkShared(user.id);
  if (hours.isPending || eventTypes.isPending) return null;

  const bookable = (eventTypes.data ?? []).find((eventType) => eventType.is_active);
  // The public calendar answers only for a public profile or calendar; a booking link always does.
  const link =
    user.is_public_profile || user.is_calendar_public || !bookable ? calendarLink(user.id) : `${window.location.origin}/book/${bookable.id}`;
  const steps: Step[] = [
    {
      label: 'Set your working hours',
      done: hasWorkingHours(hours.data ?? []),
      detail: `Guests book inside them, in your time zone: ${zoneLabel(user.timezone)}.`,
      action: (
        <LinkButton to="/availability" size="xs" variant="outline">
          Availability
        </LinkButton>
      ),
    },
    {
      label: 'Create an event type',
      done: Boolean(bookable),
      detail: 'What guests book: a title and a length.',
      action: (
        <LinkButton to="/availability#event-types" size="xs" variant="outline">
          Event types
        </LinkButton>
      ),
    },
    {
      label: 'Complete your profile',
      done: Boolean(user.handle && user.first_name),
      detail: 'Your name and a handle give you a short public address.',
      action: (
        <LinkButton to="/profile" size="xs" variant="outline">
          Profile
        </LinkButton>
      ),
    },
    {
      label: 'Share your booking link',
      done: shared,
      detail: 'Send it to people or put it on your site.',
      action: (
        <Button
          size="xs"
          variant="outline"
          onClick={() => void copyText(link, 'Link Copied', 'Booking link copied to clipboard').then((copied) => copied && markLinkShared(user.id))}
        >
          Copy your link
        </Button>
      ),
    },
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;

  return (
    <SectionCard role="region" aria-label="Get set up" title="Get set up" description={`${done} of ${steps.length} done. Guests can book you once your hours and an event type are set.`} headingSize="md">
      <Progress.Root value={(done / steps.length) * 100} size="sm" colorPalette="blue" aria-label="Setup progress">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <List.Root as="ol" listStyleType="none" gap="3" mt="4" aria-label="Setup steps">
        {steps.map((step) => (
          <List.Item key={step.label}>
            <HStack justify="space-between" align="start" gap="3" wrap="wrap">
              <HStack align="start" gap="3">
                {step.done ? (
                  <CircleCheck size={20} aria-hidden color="var(--chakra-colors-green-fg)" style={{ flexShrink: 0 }} />
                ) : (
                  <Circle size={20} aria-hidden color="var(--chakra-colors-fg-muted)" style={{ flexShrink: 0 }} />
                )}
                <Stack gap="0">
                  <Text fontWeight="medium">
                    {step.label}
                    <VisuallyHidden>{step.done ? ' (done)' : ' (to do)'}</VisuallyHidden>
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {step.detail}
                  </Text>
                </Stack>
              </HStack>
              {step.done ? null : step.action}
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </SectionCard>
  );
}
