// The guest's details in a booking form: name, email, phone, company, notes.
import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField, TextAreaField } from '../../components/FormField.tsx';
import type { GuestInput } from './schemas.ts';

export function GuestFields({ register, errors }: { register: UseFormRegister<GuestInput>; errors: FieldErrors<GuestInput> }) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label="Full Name" error={errors.guestName?.message} autoComplete="name" {...register('guestName')} />
        <TextField label="Email" error={errors.guestEmail?.message} type="email" autoComplete="email" {...register('guestEmail')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...register('guestPhone')} />
        <TextField label="Company (optional)" autoComplete="organization" {...register('guestCompany')} />
      </SimpleGrid>
      <TextAreaField label="Notes (optional)" rows={3} placeholder="Anything the host should know?" {...register('notes')} />
    </Stack>
  );
}
