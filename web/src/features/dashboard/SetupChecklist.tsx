// The dashboard's setup checklist for a new host: working hours, an event type, a profile, the link
// shared. Shown until every step is done; each step says what is missing and where to do it.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, HStack, List, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CircleCheck, Circle } from 'lucide-react';
import { useIntl } from 'react-intl';
import { LinkButton } from '../../components/LinkButton.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
import { hasSharedLink, markLinkShared, SHARED_EVENT } from '../../lib/linkShared.ts';
import type { Profile } from '../../lib/types.ts';
import { hasWorkingHours, useWeeklyHours } from '../../lib/useWeeklyHours.ts';
import { useEventTypes } from '../event-types/index.ts';
import { zoneLabel } from '../../lib/zones.ts';
import type { MessageId } from '../../i18n/catalogue.ts';

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
  const intl = useIntl();
  const copyText = useCopyText();
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
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
      label: say('setup.hours'),
      done: hasWorkingHours(hours.data ?? []),
      detail: say('setup.hoursDetail', { zone: zoneLabel(user.timezone, undefined, intl.locale) }),
      action: (
        <LinkButton to="/availability" size="xs" variant="outline">
          {say('app.nav.availability')}
        </LinkButton>
      ),
    },
    {
      label: say('setup.eventType'),
      done: Boolean(bookable),
      detail: say('setup.eventTypeDetail'),
      action: (
        <LinkButton to="/availability#event-types" size="xs" variant="outline">
          {say('setup.eventTypes')}
        </LinkButton>
      ),
    },
    {
      label: say('setup.profile'),
      done: Boolean(user.handle && user.first_name),
      detail: say('setup.profileDetail'),
      action: (
        <LinkButton to="/profile" size="xs" variant="outline">
          {say('app.nav.profile')}
        </LinkButton>
      ),
    },
    {
      label: say('setup.share'),
      done: shared,
      detail: say('setup.shareDetail'),
      action: (
        <Button
          size="xs"
          variant="outline"
          onClick={() => void copyText(link, say('dashboard.linkCopied'), say('setup.bookingLinkCopied')).then((copied) => copied && markLinkShared(user.id))}
        >
          {say('setup.copy')}
        </Button>
      ),
    },
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;

  return (
    <SectionCard
      role="region"
      aria-label={say('setup.title')}
      title={say('setup.title')}
      description={say('setup.summary', { done, total: steps.length })}
      headingSize="md"
    >
      <Progress.Root value={(done / steps.length) * 100} size="sm" colorPalette="blue" aria-label={say('setup.progress')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <List.Root as="ol" listStyleType="none" gap="3" mt="4" aria-label={say('setup.steps')}>
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
                    <VisuallyHidden>{say(step.done ? 'setup.done' : 'setup.toDo')}</VisuallyHidden>
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
