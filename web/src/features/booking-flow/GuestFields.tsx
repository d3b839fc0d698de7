// The guest's details in a booking form: name, email, phone (required when the host calls), company, notes.
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { TextField, TextAreaField } from '../../components/FormField.tsx';
import type { GuestForm } from './guestForm.ts';

/** `phoneRequired`: the host calls the guest, so the number (with its country code) is needed. */
export function GuestFields({ form: { field, errors }, phoneRequired = false }: { form: GuestForm; phoneRequired?: boolean }) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label="Full Name" error={errors.guestName} autoComplete="name" {...field('guestName')} />
        <TextField label="Email" error={errors.guestEmail} type="email" autoComplete="email" {...field('guestEmail')} />
        <TextField
          label={phoneRequired ? 'Phone' : 'Phone (optional)'}
          required={phoneRequired}
          helper={phoneRequired ? 'With your country code, e.g. +1 415 555 0100' : undefined}
          error={errors.guestPhone}
          type="tel"
          autoComplete="tel"
          {...field('guestPhone')}
        />
        <TextField label="Company (optional)" autoComplete="organization" {...field('guestCompany')} />
      </SimpleGrid>
      <TextAreaField label="Notes (optional)" rows={3} placeholder="Anything the host should know?" {...field('notes')} />
    </Stack>
  );
}
