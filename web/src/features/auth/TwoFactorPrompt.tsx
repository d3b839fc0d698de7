// The second step of signing in when two-factor authentication is on.
import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from './AuthCard.tsx';
import { CodeForm } from './CodeForm.tsx';
import { useSignOut } from './hooks.ts';
import { useTotpFactors, useVerifyTotp } from './mfa.ts';

/** Asked after the password when the account has two-factor on: the session is aal1 until the code. */
export function TwoFactorPrompt() {
  const factors = useTotpFactors();
  const verify = useVerifyTotp();
  const signOut = useSignOut();
  const factor = factors.data?.totp[0];
  if (!factor) {
    return (
      <Center py="20">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  }
  return (
    <AuthCard title="Two-factor authentication" subtitle="Enter the 6-digit code from your authenticator app">
      <Stack gap="4">
        <CodeForm action="Verify" pending={verify.isPending} submit={(code) => verify.mutate({ factorId: factor.id, code })} />
        <Text fontSize="sm" color="fg.muted">
          Lost your authenticator?{' '}
          <Button variant="plain" size="sm" p="0" h="auto" onClick={() => signOut.mutate()}>
            Sign out
          </Button>
        </Text>
      </Stack>
    </AuthCard>
  );
}
