// The guest's details in a booking form: name, email, and phone (required when the host calls), company
// and notes as the host asks them (hidden, optional or required; rules/questions.ts).
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { TextField, TextAreaField } from '../../components/FormField.tsx';
import { DEFAULT_GUEST_FIELDS, type FieldMode, type GuestFieldsConfig } from '../../lib/shared.ts';
import type { GuestForm } from './guestForm.ts';
import { useRuleWords } from '../../i18n/ruleWords.ts';

/** `phoneRequired`: the host calls the guest, so the number (with its country code) is needed whatever `fields` says. */
export function GuestFields({
  form: { field, errors },
  phoneRequired = false,
  fields = DEFAULT_GUEST_FIELDS,
}: {
  form: GuestForm;
  phoneRequired?: boolean;
  fields?: GuestFieldsConfig;
}) {
  const intl = useIntl();
  const words = useRuleWords();
  const say = (id: 'booking.guest.name' | 'booking.guest.email' | 'booking.guest.phoneHelp' | 'booking.guest.notesPlaceholder') => intl.formatMessage({ id });
  /** A built-in field's label and required flag as the host asks it. */
  const asked = (id: 'booking.guest.phone' | 'booking.guest.company' | 'booking.guest.notes', mode: FieldMode) => {
    const label = intl.formatMessage({ id });
    return { label: mode === 'required' ? label : intl.formatMessage({ id: 'common.optional' }, { label }), required: mode === 'required' };
  };
  const phone = phoneRequired ? 'required' : fields.phone;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label={say('booking.guest.name')} error={words(errors.guestName)} autoComplete="name" {...field('guestName')} />
        <TextField label={say('booking.guest.email')} error={words(errors.guestEmail)} type="email" autoComplete="email" {...field('guestEmail')} />
        {phone === 'hidden' ? null : (
          <TextField
            {...asked('booking.guest.phone', phone)}
            helper={phone === 'required' ? say('booking.guest.phoneHelp') : undefined}
            error={words(errors.guestPhone)}
            type="tel"
            autoComplete="tel"
            {...field('guestPhone')}
          />
        )}
        {fields.company === 'hidden' ? null : (
          <TextField {...asked('booking.guest.company', fields.company)} error={words(errors.guestCompany)} autoComplete="organization" {...field('guestCompany')} />
        )}
      </SimpleGrid>
      {fields.notes === 'hidden' ? null : (
        <TextAreaField {...asked('booking.guest.notes', fields.notes)} error={words(errors.notes)} rows={3} placeholder={say('booking.guest.notesPlaceholder')} {...field('notes')} />
      )}
    </Stack>
  );
}
