// The host's event types as cards, with create, edit and share.
import { useState } from 'react';
import { Badge, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Share2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { EmptyState } from '../../components/EmptyState.tsx';
import type { EventType } from '../../lib/types.ts';
import { useOwner } from '../../lib/session.ts';
import { EventTypeDialog } from './EventTypeDialog.tsx';
import { useEventTypes } from './hooks.ts';
import { ShareDialog } from './ShareDialog.tsx';
import { NoBookableTime, OWN_HOURS } from '../../components/NoBookableTime.tsx';

/**
 * 'Your Event Types': the grid with create, edit (and delete) and share (Share: the booking link to
 * copy and the embed code); on the dashboard and the availability page. `noHours`: the host has no
 * working hours, so none of them can be booked, which the section says (and each card).
 */
export function EventTypesSection({ noHours = false }: { noHours?: boolean }) {
  const intl = useIntl();
  const owner = useOwner();
  const { data, isPending } = useEventTypes(owner);
  const [editing, setEditing] = useState<EventType | null>(null);
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState<EventType | null>(null);
  const openDialog = (eventType: EventType | null) => {
    setEditing(eventType);
    setOpen(true);
  };
  return (
    <Stack gap="4" id="event-types">
      <Flex justify="space-between" align="center">
        <Heading as="h2" size="lg">
          {intl.formatMessage({ id: 'eventTypes.heading' })}
        </Heading>
        <Button size="sm" colorPalette="blue" onClick={() => openDialog(null)}>
          <Plus /> {intl.formatMessage({ id: 'eventTypes.new' })}
        </Button>
      </Flex>
      {isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h="32" borderRadius="lg" />
          ))}
        </SimpleGrid>
      ) : !data?.length ? (
        <EmptyState
          title={intl.formatMessage({ id: 'eventTypes.empty' })}
          action={
            <Button colorPalette="blue" onClick={() => openDialog(null)}>
              {intl.formatMessage({ id: 'eventTypes.createFirst' })}
            </Button>
          }
        />
      ) : (
        <>
        {noHours ? (
          <NoBookableTime owner={OWN_HOURS} reason={intl.formatMessage({ id: 'eventTypes.noHoursReason' })} />
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {data.map((eventType) => (
            <Card.Root key={eventType.id} size="sm" borderTopWidth="4px" borderTopColor={eventType.color}>
              <Card.Body gap="2">
                <HStack justify="space-between">
                  <Text fontWeight="semibold">{eventType.title}</Text>
                  {eventType.is_active ? noHours ? <Badge colorPalette="orange">{intl.formatMessage({ id: 'eventTypes.noBookableTime' })}</Badge> : null : <Badge>{intl.formatMessage({ id: 'eventTypes.inactive' })}</Badge>}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {intl.formatMessage({ id: 'eventTypes.summary' }, { duration: eventType.duration, confirm: eventType.auto_confirm ? 'auto' : 'manual' })}
                </Text>
                {eventType.description ? (
                  <Text fontSize="sm" lineClamp={2}>
                    {eventType.description}
                  </Text>
                ) : null}
                <HStack mt="2">
                  <Button size="xs" variant="outline" onClick={() => openDialog(eventType)}>
                    <Pencil /> {intl.formatMessage({ id: 'eventTypes.edit' })}
                  </Button>
                  {/* Opens Share; nothing is copied until the host asks (its Copy). */}
                  <Button size="xs" variant="outline" onClick={() => setSharing(eventType)}>
                    <Share2 /> {intl.formatMessage({ id: 'eventTypes.share' })}
                  </Button>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        </>
      )}
      {owner ? <EventTypeDialog owner={owner} open={open} onClose={() => setOpen(false)} eventType={editing} /> : null}
      <ShareDialog eventType={sharing} onClose={() => setSharing(null)} />
    </Stack>
  );
}
