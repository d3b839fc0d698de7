// The guest's details in a booking form: name, email, phone, company, notes.
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { TextField, TextAreaField } from '../../components/FormField.tsx';
import type { GuestForm } from './guestForm.ts';

export function GuestFields({ form: { field, errors } }: { form: GuestForm }) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label="Full Name" error={errors.guestName} autoComplete="name" {...field('guestName')} />
        <TextField label="Email" error={errors.guestEmail} type="email" autoComplete="email" {...field('guestEmail')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('guestPhone')} />
        <TextField label="Company (optional)" autoComplete="organization" {...field('guestCompany')} />
      </SimpleGrid>
      <TextAreaField label="Notes (optional)" rows={3} placeholder="Anything the host should know?" {...field('notes')} />
    </Stack>
  );
}
