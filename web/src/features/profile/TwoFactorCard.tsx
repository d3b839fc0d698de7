// Two-factor authentication with an authenticator app, on the profile page.
import { Box, Button, Code, Image, Stack, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { CodeForm, useDisableTotp, useEnrollTotp, useTotpFactors, useVerifyTotp } from '../auth/index.ts';

/** Turns authenticator-app two-factor authentication on (QR code, then a code) or off. */
export function TwoFactorCard() {
  const factors = useTotpFactors();
  const enroll = useEnrollTotp();
  const verify = useVerifyTotp({ title: 'Two-factor enabled', description: 'Signing in now asks for a code from your authenticator app.' });
  const disable = useDisableTotp();
  const active = factors.data?.totp[0];
  const pending = enroll.data;

  return (
    <SectionCard title="Two-factor authentication" bodyGap="4">
      {active ? (
        <Stack gap="3" align="start">
          <Text display="flex" gap="2" alignItems="center">
            <ShieldCheck size={18} aria-hidden /> Two-factor authentication is on.
          </Text>
          <Button variant="outline" colorPalette="red" disabled={disable.isPending} onClick={() => disable.mutate(active.id)}>
            Disable two-factor
          </Button>
        </Stack>
      ) : pending && !verify.isSuccess ? (
        <Stack gap="3">
          <Text>Scan this QR code with your authenticator app, then enter the code it shows.</Text>
          <Box bg="white" p="2" borderRadius="md" w="fit-content">
            <Image src={pending.totp.qr_code} alt="QR code for your authenticator app" boxSize="44" />
          </Box>
          <Text fontSize="sm">
            Or enter this key: <Code aria-label="Authenticator key">{pending.totp.secret}</Code>
          </Text>
          <CodeForm action="Verify and enable" pending={verify.isPending} submit={(code) => verify.mutate({ factorId: pending.id, code })} />
        </Stack>
      ) : (
        <Stack gap="3" align="start">
          <Text color="fg.muted">Protect your account: signing in will also ask for a code from an authenticator app.</Text>
          <Button colorPalette="blue" disabled={enroll.isPending || factors.isPending} onClick={() => enroll.mutate()}>
            Enable two-factor
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
