// The guest's details in a booking form: name, email, and phone (required when the host calls), company
// and notes as the host asks them (hidden, optional or required; rules/questions.ts).
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { TextField, TextAreaField } from '../../components/FormField.tsx';
import { DEFAULT_GUEST_FIELDS, type FieldMode, type GuestFieldsConfig } from '../../lib/shared.ts';
import type { GuestForm } from './guestForm.ts';

/** A built-in field's label and required flag as the host asks it. */
const asked = (label: string, mode: FieldMode) => ({ label: mode === 'required' ? label : `${label} (optional)`, required: mode === 'required' });

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
  const phone = phoneRequired ? 'required' : fields.phone;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label="Full Name" error={errors.guestName} autoComplete="name" {...field('guestName')} />
        <TextField label="Email" error={errors.guestEmail} type="email" autoComplete="email" {...field('guestEmail')} />
        {phone === 'hidden' ? null : (
          <TextField
            {...asked('Phone', phone)}
            helper={phone === 'required' ? 'With your country code, e.g. +1 415 555 0100' : undefined}
            error={errors.guestPhone}
            type="tel"
            autoComplete="tel"
            {...field('guestPhone')}
          />
        )}
        {fields.company === 'hidden' ? null : (
          <TextField {...asked('Company', fields.company)} error={errors.guestCompany} autoComplete="organization" {...field('guestCompany')} />
        )}
      </SimpleGrid>
      {fields.notes === 'hidden' ? null : (
        <TextAreaField {...asked('Notes', fields.notes)} error={errors.notes} rows={3} placeholder="Anything the host should know?" {...field('notes')} />
      )}
    </Stack>
  );
}
