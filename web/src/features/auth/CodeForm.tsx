// The form for a two-factor code.
import { HStack, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FormField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';

/** The 6-digit code from an authenticator app, and the button that submits it. */
export function CodeForm({ submit, pending, action }: { submit: (code: string) => void; pending: boolean; action: string }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <HStack gap="3" align="end" wrap="wrap">
        <FormField label={intl.formatMessage({ id: 'auth.code.label' })}>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxW="40"
          />
        </FormField>
        <SubmitButton
          pending={pending}
          pendingLabel={intl.formatMessage({ id: 'auth.code.verifying' })}
          disabled={pending || code.length !== 6}
        >
          {action}
        </SubmitButton>
      </HStack>
    </form>
  );
}
