// /register: create an account.
import { Link, SimpleGrid, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '../../components/FormField.tsx';
import { AuthCard } from './AuthCard.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { useRegister } from './hooks.ts';
import { registerSchema, type RegisterValues } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function RegisterPage() {
  usePageTitle('Create your account');
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { register, formState } = form;
  const names = (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <TextField label="First Name" error={formState.errors.firstName?.message} autoComplete="given-name" {...register('firstName')} />
      <TextField label="Last Name" error={formState.errors.lastName?.message} autoComplete="family-name" {...register('lastName')} />
    </SimpleGrid>
  );
  return (
    <AuthCard title="Create your account" subtitle="Get started with Kairos and streamline your scheduling">
      <CredentialsForm mode="register" form={form} mutation={useRegister()} fields={names}>
        <Text fontSize="sm" textAlign="center">
          Already have an account?{' '}
          <Link asChild colorPalette="blue" color="colorPalette.fg">
            <RouterLink to="/login">Sign in</RouterLink>
          </Link>
        </Text>
        <Text fontSize="xs" color="fg.muted" textAlign="center">
          By creating an account you agree to our{' '}
          <Link asChild>
            <RouterLink to="/terms">Terms of Service</RouterLink>
          </Link>{' '}
          and{' '}
          <Link asChild>
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </Link>
          .
        </Text>
      </CredentialsForm>
    </AuthCard>
  );
}
