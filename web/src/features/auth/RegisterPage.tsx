// /register: create an account.
import { SimpleGrid, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField } from '../../components/FormField.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { AuthCard } from './AuthCard.tsx';
import { linkTo } from './AuthLink.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { useRegister } from './hooks.ts';
import { registerSchema, type RegisterValues } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function RegisterPage() {
  const intl = useIntl();
  const words = useFieldWords();
  usePageTitle(intl.formatMessage({ id: 'auth.register.title' }));
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { register, formState } = form;
  const names = (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <TextField
        label={intl.formatMessage({ id: 'auth.register.firstName' })}
        error={words(formState.errors.firstName)}
        autoComplete="given-name"
        {...register('firstName')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.register.lastName' })}
        error={words(formState.errors.lastName)}
        autoComplete="family-name"
        {...register('lastName')}
      />
    </SimpleGrid>
  );
  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.register.title' })} subtitle={intl.formatMessage({ id: 'auth.register.subtitle' })}>
      <CredentialsForm mode="register" form={form} mutation={useRegister()} fields={names}>
        <Text fontSize="sm" textAlign="center">
          <FormattedMessage id="auth.register.haveAccount" values={{ link: linkTo('/login') }} />
        </Text>
        <Text fontSize="xs" color="fg.muted" textAlign="center">
          <FormattedMessage
            id="auth.register.agree"
            values={{
              terms: (words) => <TextLink to="/terms">{words}</TextLink>,
              privacy: (words) => <TextLink to="/privacy">{words}</TextLink>,
            }}
          />
        </Text>
      </CredentialsForm>
    </AuthCard>
  );
}
