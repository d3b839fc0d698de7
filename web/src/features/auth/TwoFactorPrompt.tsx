// The second step of signing in when two-factor authentication is on.
import { Button, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageFallback } from '../../components/PageFallback.tsx';
import { AuthCard } from './AuthCard.tsx';
import { CodeForm } from './CodeForm.tsx';
import { useSignOut } from './hooks.ts';
import { useTotpFactors, useVerifyTotp } from './mfa.ts';

/** Asked after the password when the account has two-factor on: the session is aal1 until the code. */
export function TwoFactorPrompt() {
  const intl = useIntl();
  const factors = useTotpFactors();
  const verify = useVerifyTotp();
  const signOut = useSignOut();
  const factor = factors.data?.totp[0];
  if (!factor) return <PageFallback />;
  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.twoFactor.title' })} subtitle={intl.formatMessage({ id: 'auth.twoFactor.subtitle' })}>
      <Stack gap="4">
        <CodeForm
          action={intl.formatMessage({ id: 'auth.twoFactor.verify' })}
          pending={verify.isPending}
          submit={(code) => verify.mutate({ factorId: factor.id, code })}
        />
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage
            id="auth.twoFactor.lost"
            values={{
              signOut: (words) => (
                <Button variant="plain" size="sm" p="0" h="auto" onClick={() => signOut.mutate()}>
                  {words}
                </Button>
              ),
            }}
          />
        </Text>
      </Stack>
    </AuthCard>
  );
}
