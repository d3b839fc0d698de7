// /forgot-password: asks for the email a reset link goes to.
import { useState } from 'react';
import { Link, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { supabase } from '../../lib/supabase.ts';
import { AuthCard } from './AuthCard.tsx';
import { loginSchema } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

const schema = loginSchema.pick({ email: true });

export default function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  return (
    <AuthCard title="Reset your password" subtitle="We'll email you a link to choose a new password">
      {sent ? (
        <Text role="status">If an account exists for that email, a reset link is on its way.</Text>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(async ({ email }) => {
            await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/profile` });
            setSent(true);
          })}
        >
          <Stack gap="4">
            <TextField label="Email" error={formState.errors.email?.message} type="email" placeholder="Enter your email" {...register('email')} />
            <SubmitButton pending={formState.isSubmitting}>Send reset link</SubmitButton>
          </Stack>
        </form>
      )}
      <Link asChild mt="4" fontSize="sm">
        <RouterLink to="/login">Back to sign in</RouterLink>
      </Link>
    </AuthCard>
  );
}
