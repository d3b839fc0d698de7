// "Add guests" on the guest's form, when the event type takes other people: an email field added at a
// time up to the cap, each labelled by its place and removable (by keyboard too); a new field takes the
// focus, and a removed one hands it to the field taking its place, else to "Add a guest" (useInvitees).
import { useId } from 'react';
import { Button, Field, Fieldset, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { UserPlus, X } from 'lucide-react';
import type { BookingFlow } from './useBookingFlow.ts';

export function Invitees({ flow }: { flow: BookingFlow }) {
  const { invitees } = flow;
  const id = useId();
  if (invitees.max === 0) return null;
  const full = invitees.emails.length >= invitees.max;
  return (
    <Fieldset.Root invalid={Boolean(invitees.errors.list)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Add guests
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="sm" color="fg.muted">
        You can invite up to {invitees.max} other {invitees.max === 1 ? 'person' : 'people'} by email.
      </Fieldset.HelperText>
      <Stack gap="2" mt="2">
        {invitees.emails.map((email, index) => (
          <Field.Root key={`${id}-${index}`} invalid={Boolean(invitees.errors.fields[index])}>
            <Field.Label srOnly>Guest {index + 1} email</Field.Label>
            <HStack w="full">
              <Input
                type="email"
                autoComplete="off"
                placeholder="name@example.com"
                data-invitee={index}
                value={email}
                onChange={(event) => invitees.set(index, event.currentTarget.value)}
              />
              <IconButton aria-label={`Remove guest ${index + 1}`} variant="ghost" size="sm" onClick={() => invitees.remove(index)}>
                <X aria-hidden />
              </IconButton>
            </HStack>
            {invitees.errors.fields[index] ? <Field.ErrorText>{invitees.errors.fields[index]}</Field.ErrorText> : null}
          </Field.Root>
        ))}
      </Stack>
      {invitees.errors.list ? <Fieldset.ErrorText>{invitees.errors.list}</Fieldset.ErrorText> : null}
      <Button data-invitee-add variant="outline" size="sm" alignSelf="start" mt="2" disabled={full} onClick={invitees.add}>
        <UserPlus aria-hidden /> Add a guest
      </Button>
    </Fieldset.Root>
  );
}
