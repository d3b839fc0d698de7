// The guest's details in a booking form: name, email, phone, company, notes.
import { Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../components/FormField.tsx';
import type { GuestInput } from './schemas.ts';

export function GuestFields({ register, errors }: { register: UseFormRegister<GuestInput>; errors: FieldErrors<GuestInput> }) {
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <FormField label="Full Name" error={errors.guestName?.message}>
          <Input autoComplete="name" {...register('guestName')} />
        </FormField>
        <FormField label="Email" error={errors.guestEmail?.message}>
          <Input type="email" autoComplete="email" {...register('guestEmail')} />
        </FormField>
        <FormField label="Phone (optional)">
          <Input type="tel" autoComplete="tel" {...register('guestPhone')} />
        </FormField>
        <FormField label="Company (optional)">
          <Input autoComplete="organization" {...register('guestCompany')} />
        </FormField>
      </SimpleGrid>
      <FormField label="Notes (optional)">
        <Textarea rows={3} placeholder="Anything the host should know?" {...register('notes')} />
      </FormField>
    </Stack>
  );
}
