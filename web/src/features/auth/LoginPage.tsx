// /login: sign in with email and password or a social provider.
import { Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextLink } from '../../components/TextLink.tsx';
import { AuthCard } from './AuthCard.tsx';
import { linkTo } from './AuthLink.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { useLogin } from './hooks.ts';
import { loginSchema, type LoginValues } from './schemas.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function LoginPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.login.title' }));
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.login.heading' })} subtitle={intl.formatMessage({ id: 'auth.login.subtitle' })}>
      <CredentialsForm mode="login" form={form} mutation={useLogin()}>
        <Stack gap="2" fontSize="sm" textAlign="center">
          <Text>
            <FormattedMessage id="auth.login.noAccount" values={{ link: linkTo('/register') }} />
          </Text>
          <TextLink to="/forgot-password" colorPalette="blue" color="colorPalette.fg" alignSelf="center">
            <FormattedMessage id="auth.login.forgot" />
          </TextLink>
        </Stack>
      </CredentialsForm>
    </AuthCard>
  );
}
