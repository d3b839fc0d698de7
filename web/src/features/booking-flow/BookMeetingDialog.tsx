import { Box, Button, Checkbox, CloseButton, Dialog, Heading, Link, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatInTimeZone } from 'date-fns-tz';
import { Link as RouterLink } from 'react-router-dom';
import { BookingPickers } from './BookingPickers.tsx';
import { GuestFields } from './GuestFields.tsx';
import type { BookingTarget } from './hooks.ts';
import { useBookingFlow } from './useBookingFlow.ts';

export type DialogEvent = { title: string; duration: number; description?: string | null; color?: string | null };

function DialogBody({ target, event, onClose }: { target: BookingTarget; event: DialogEvent; onClose: () => void }) {
  const flow = useBookingFlow(target, 'dialog', onClose);
  const { register, formState } = flow.form;
  return (
    <form noValidate onSubmit={flow.submit}>
      <Dialog.Header>
        <Stack gap="0">
          <Dialog.Title>Book a Meeting</Dialog.Title>
          <Text color="fg.muted" fontSize="sm">
            {event.title} · {event.duration} minutes
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <BookingPickers flow={flow} />
          <Stack gap="4">
            <Heading as="h3" size="sm">
              Your details
            </Heading>
            <GuestFields register={register} errors={formState.errors} />
            {flow.slot ? (
              <Box bg="blue.subtle" borderRadius="md" p="3" fontSize="sm" role="status">
                {formatInTimeZone(new Date(flow.slot.start), flow.timeZone, "EEEE, MMMM d 'at' h:mm a")} ({flow.timeZone})
              </Box>
            ) : null}
            <Checkbox.Root checked={flow.termsAccepted} onCheckedChange={(details) => flow.setTermsAccepted(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                I agree to the{' '}
                <Link asChild colorPalette="blue" color="colorPalette.fg">
                  <RouterLink to="/terms" target="_blank">
                    terms and conditions
                  </RouterLink>
                </Link>
              </Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        </SimpleGrid>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" disabled={!flow.canSubmit}>
          {flow.book.isPending ? 'Booking...' : 'Book Meeting'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** 'Book a Meeting' for personal and team event types; it closes and resets after a booking. */
export function BookMeetingDialog({ target, event, onClose }: { target: BookingTarget | null; event: DialogEvent | null; onClose: () => void }) {
  return (
    <Dialog.Root open={Boolean(target)} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target && event ? <DialogBody target={target} event={event} onClose={onClose} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
