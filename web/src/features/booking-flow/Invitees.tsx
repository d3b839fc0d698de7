// "Add guests" on the guest's form, when the event type takes other people: an email field added at a
// time up to the cap, each labelled by its place and removable (by keyboard too); a new field takes the
// focus, and a removed one hands it to the field taking its place, else to "Add a guest" (useInvitees).
import { useId } from 'react';
import { Button, Field, Fieldset, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { UserPlus, X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRuleWords } from '../../i18n/ruleWords.ts';
import type { BookingFlow } from './useBookingFlow.ts';

export function Invitees({ flow }: { flow: BookingFlow }) {
  const { invitees } = flow;
  const id = useId();
  const intl = useIntl();
  const words = useRuleWords();
  if (invitees.max === 0) return null;
  const full = invitees.emails.length >= invitees.max;
  return (
    <Fieldset.Root invalid={Boolean(invitees.errors.list)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        <FormattedMessage id="booking.invitees.legend" />
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="sm" color="fg.muted">
        <FormattedMessage id="booking.invitees.help" values={{ max: invitees.max }} />
      </Fieldset.HelperText>
      <Stack gap="2" mt="2">
        {invitees.emails.map((email, index) => (
          <Field.Root key={`${id}-${index}`} invalid={Boolean(invitees.errors.fields[index])}>
            <Field.Label srOnly>
              <FormattedMessage id="booking.invitees.field" values={{ number: index + 1 }} />
            </Field.Label>
            <HStack w="full">
              <Input
                type="email"
                autoComplete="off"
                placeholder={intl.formatMessage({ id: 'booking.invitees.placeholder' })}
                data-invitee={index}
                value={email}
                onChange={(event) => invitees.set(index, event.currentTarget.value)}
              />
              <IconButton aria-label={intl.formatMessage({ id: 'booking.invitees.remove' }, { number: index + 1 })} variant="ghost" size="sm" onClick={() => invitees.remove(index)}>
                <X aria-hidden />
              </IconButton>
            </HStack>
            {invitees.errors.fields[index] ? <Field.ErrorText>{words(invitees.errors.fields[index])}</Field.ErrorText> : null}
          </Field.Root>
        ))}
      </Stack>
      {invitees.errors.list ? <Fieldset.ErrorText>{words(invitees.errors.list)}</Fieldset.ErrorText> : null}
      <Button data-invitee-add variant="outline" size="sm" alignSelf="start" mt="2" disabled={full} onClick={invitees.add}>
        <UserPlus aria-hidden /> <FormattedMessage id="booking.invitees.add" />
      </Button>
    </Fieldset.Root>
  );
}
