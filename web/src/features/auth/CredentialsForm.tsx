// The email-and-password form of signing in and signing up, below the social providers.
import type { ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { FieldErrors, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordInput.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useSay } from '../../i18n/useSay.ts';
import { useFieldWords } from '../../i18n/fieldWords.ts';

type Credentials = { email: string; password: string };

// A password manager offers the saved password on sign-in and a new one on sign-up.
const MODES = {
  login: {
    divider: 'auth.login.divider',
    emailPlaceholder: 'auth.login.emailPlaceholder',
    password: { autoComplete: 'current-password', placeholder: 'auth.login.passwordPlaceholder' },
    submit: 'auth.login.submit',
    submitting: 'auth.login.submitting',
  },
  register: {
    divider: 'auth.register.divider',
    emailPlaceholder: undefined,
    password: { autoComplete: 'new-password', placeholder: 'auth.register.passwordPlaceholder' },
    submit: 'auth.register.submit',
    submitting: 'auth.register.submitting',
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
  const intl = useIntl();
  const text = MODES[mode];
  const say = useSay();
  const words = useFieldWords();
  // Every form here holds an email and a password: their fields are registered by those names.
  const register = form.register as unknown as UseFormRegister<Credentials>;
  const errors = form.formState.errors as FieldErrors<Credentials>;
  return (
    <Stack gap="5">
      <SocialButtons divider={say(text.divider)} />
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <Stack gap="4">
          {fields}
          <TextField
            label={intl.formatMessage({ id: 'auth.email' })}
            error={words(errors.email)}
            type="email"
            autoComplete="email"
            placeholder={text.emailPlaceholder && say(text.emailPlaceholder)}
            {...register('email')}
          />
          <PasswordField
            label={intl.formatMessage({ id: 'auth.password' })}
            error={words(errors.password)}
            autoComplete={text.password.autoComplete}
            placeholder={say(text.password.placeholder)}
            {...register('password')}
          />
          <SubmitButton pending={mutation.isPending} pendingLabel={say(text.submitting)}>
            {say(text.submit)}
          </SubmitButton>
        </Stack>
      </form>
      {children}
    </Stack>
  );
}
