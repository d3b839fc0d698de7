// /login: sign in with email and password or a social provider.
import { Link, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordInput.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useLogin } from './hooks.ts';
import { loginSchema, type LoginValues } from './schemas.ts';

export default function LoginPage() {
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  return (
    <AuthCard title="Sign in to Kairos" subtitle="Enter your email and password to access your account">
      <Stack gap="5">
        <SocialButtons divider="Or continue with email" />
        <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
          <Stack gap="4">
            <TextField
              label="Email"
              error={formState.errors.email?.message}
              type="email"
              autoComplete="email"
              placeholder="Enter your email"
              {...register('email')}
            />
            <PasswordField
              label="Password"
              error={formState.errors.password?.message}
              autoComplete="current-password"
              placeholder="Enter your password"
              {...register('password')}
            />
            <SubmitButton pending={login.isPending} pendingLabel="Signing in...">
              Sign in
            </SubmitButton>
          </Stack>
        </form>
        <Stack gap="2" fontSize="sm" textAlign="center">
          <Text>
            Don't have an account?{' '}
            <Link asChild colorPalette="blue" color="colorPalette.fg">
              <RouterLink to="/register">Sign up</RouterLink>
            </Link>
          </Text>
          <Link asChild colorPalette="blue" color="colorPalette.fg" alignSelf="center">
            <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
          </Link>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
