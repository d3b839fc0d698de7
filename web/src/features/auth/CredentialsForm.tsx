// The email-and-password form of signing in and signing up, below the social providers.
import type { ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordInput.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { SocialButtons } from './SocialButtons.tsx';

type Credentials = { email: string; password: string };

// A password manager offers the saved password on sign-in and a new one on sign-up.
const MODES = {
  login: {
    divider: 'Or continue with email',
    emailPlaceholder: 'Enter your email',
    password: { autoComplete: 'current-password', placeholder: 'Enter your password' },
    submit: 'Sign in',
    submitting: 'Signing in...',
  },
  register: {
    divider: 'Or sign up with email',
    emailPlaceholder: undefined,
    password: { autoComplete: 'new-password', placeholder: 'Create a password' },
    submit: 'Create account',
    submitting: 'Creating account...',
  },
} as const;

/**
 * Social providers, then the email form (`fields` first, then email and password) whose valid values
 * go to `mutation`, then `children` (the links under it).
 */
export function CredentialsForm<Values extends Credentials>({
  mode,
  form,
  mutation,
  fields,
  children,
}: {
  mode: keyof typeof MODES;
  form: UseFormReturn<Values>;
  mutation: { mutate: (values: Values) => void; isPending: boolean };
  fields?: ReactNode;
  children: ReactNode;
}) {
  const text = MODES[mode];
  // Every form here holds an email and a password: their fields are registered by those names.
  const register = form.register as unknown as UseFormRegister<Credentials>;
  const errors = form.formState.errors as FieldErrors<Credentials>;
  return (
    <Stack gap="5">
      <SocialButtons divider={text.divider} />
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <Stack gap="4">
          {fields}
          <TextField label="Email" error={errors.email?.message} type="email" autoComplete="email" placeholder={text.emailPlaceholder} {...register('email')} />
          <PasswordField label="Password" error={errors.password?.message} {...text.password} {...register('password')} />
          <SubmitButton pending={mutation.isPending} pendingLabel={text.submitting}>
            {text.submit}
          </SubmitButton>
        </Stack>
      </form>
      {children}
    </Stack>
  );
}
