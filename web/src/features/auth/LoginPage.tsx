// /login: sign in with email and password or a social provider.
import { Link, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { useLogin } from './hooks.ts';
import { loginSchema, type LoginValues } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  return (
    <AuthCard title="Sign in to Kairos" subtitle="Enter your email and password to access your account">
      <CredentialsForm mode="login" form={form} mutation={useLogin()}>
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
      </CredentialsForm>
    </AuthCard>
  );
}
