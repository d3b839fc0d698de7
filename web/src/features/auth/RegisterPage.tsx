// /register: create an account.
import { Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordInput.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useRegister } from './hooks.ts';
import { registerSchema, type RegisterValues } from './schemas.ts';

export default function RegisterPage() {
  const registration = useRegister();
  const { register, handleSubmit, formState } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const errors = formState.errors;
  return (
    <AuthCard title="Create your account" subtitle="Get started with Kairos and streamline your scheduling">
      <Stack gap="5">
        <SocialButtons divider="Or sign up with email" />
        <form noValidate onSubmit={handleSubmit((values) => registration.mutate(values))}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <TextField label="First Name" error={errors.firstName?.message} autoComplete="given-name" {...register('firstName')} />
              <TextField label="Last Name" error={errors.lastName?.message} autoComplete="family-name" {...register('lastName')} />
            </SimpleGrid>
            <TextField label="Email" error={errors.email?.message} type="email" autoComplete="email" {...register('email')} />
            <PasswordField
              label="Password"
              error={errors.password?.message}
              autoComplete="new-password"
              placeholder="Create a password"
              {...register('password')}
            />
            <SubmitButton pending={registration.isPending} pendingLabel="Creating account...">
              Create account
            </SubmitButton>
          </Stack>
        </form>
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
      </Stack>
    </AuthCard>
  );
}
