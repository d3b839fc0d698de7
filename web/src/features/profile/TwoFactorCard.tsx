// Two-factor authentication with an authenticator app, on the profile page.
import { Box, Button, Code, Image, Stack, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SectionCard } from '../../components/SectionCard.tsx';
import { CodeForm, useDisableTotp, useEnrollTotp, useTotpFactors, useVerifyTotp } from '../auth/index.ts';

/** Turns authenticator-app two-factor authentication on (QR code, then a code) or off. */
export function TwoFactorCard() {
  const intl = useIntl();
  const factors = useTotpFactors();
  const enroll = useEnrollTotp();
  const verify = useVerifyTotp({ title: intl.formatMessage({ id: 'twoFactor.enabled' }), description: intl.formatMessage({ id: 'twoFactor.enabledText' }) });
  const disable = useDisableTotp();
  const active = factors.data?.totp[0];
  const pending = enroll.data;

  return (
    <SectionCard title={intl.formatMessage({ id: 'auth.twoFactor.title' })} bodyGap="4">
      {active ? (
        <Stack gap="3" align="start">
          <Text display="flex" gap="2" alignItems="center">
            <ShieldCheck size={18} aria-hidden /> <FormattedMessage id="twoFactor.on" />
          </Text>
          <Button variant="outline" colorPalette="red" disabled={disable.isPending} onClick={() => disable.mutate(active.id)}>
            <FormattedMessage id="twoFactor.disable" />
          </Button>
        </Stack>
      ) : pending && !verify.isSuccess ? (
        <Stack gap="3">
          <Text>
            <FormattedMessage id="twoFactor.scan" />
          </Text>
          <Box bg="white" p="2" borderRadius="md" w="fit-content">
            <Image src={pending.totp.qr_code} alt={intl.formatMessage({ id: 'twoFactor.qr' })} boxSize="44" />
          </Box>
          <Text fontSize="sm">
            <FormattedMessage
              id="twoFactor.key"
              values={{ key: <Code aria-label={intl.formatMessage({ id: 'twoFactor.keyLabel' })}>{pending.totp.secret}</Code> }}
            />
          </Text>
          <CodeForm action={intl.formatMessage({ id: 'twoFactor.verify' })} pending={verify.isPending} submit={(code) => verify.mutate({ factorId: pending.id, code })} />
        </Stack>
      ) : (
        <Stack gap="3" align="start">
          <Text color="fg.muted">
            <FormattedMessage id="twoFactor.intro" />
          </Text>
          <Button colorPalette="blue" disabled={enroll.isPending || factors.isPending} onClick={() => enroll.mutate()}>
            <FormattedMessage id="twoFactor.enable" />
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
