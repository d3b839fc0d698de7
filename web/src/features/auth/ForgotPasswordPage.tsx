// /forgot-password: asks for the email a reset link goes to.
import { useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../components/FormField.tsx';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { supabase } from '../../lib/supabase.ts';
import { AuthCard } from './AuthCard.tsx';
import { loginSchema } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

const schema = loginSchema.pick({ email: true });

export default function ForgotPasswordPage() {
  const intl = useIntl();
  const words = useFieldWords();
  usePageTitle(intl.formatMessage({ id: 'auth.forgot.title' }));
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.forgot.title' })} subtitle={intl.formatMessage({ id: 'auth.forgot.subtitle' })}>
      {sent ? (
        <Text role="status">
          <FormattedMessage id="auth.forgot.sent" />
        </Text>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit(async ({ email }) => {
            await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/profile` });
            setSent(true);
          })}
        >
          <Stack gap="4">
            <TextField
              label={intl.formatMessage({ id: 'auth.email' })}
              error={words(formState.errors.email)}
              type="email"
              placeholder={intl.formatMessage({ id: 'auth.login.emailPlaceholder' })}
              {...register('email')}
            />
            <SubmitButton pending={formState.isSubmitting}>
              <FormattedMessage id="auth.forgot.submit" />
            </SubmitButton>
          </Stack>
        </form>
      )}
      <TextLink to="/login" mt="4" fontSize="sm">
        <FormattedMessage id="auth.forgot.back" />
      </TextLink>
    </AuthCard>
  );
}
