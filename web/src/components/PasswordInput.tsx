// A password field with a show/hide toggle (on the sign-in pages and signed-in screens: the app area's words).
import { forwardRef, useState, type ComponentProps } from 'react';
import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useIntl } from 'react-intl';
import { labelled } from './FormField.tsx';

export const PasswordInput = forwardRef<HTMLInputElement, ComponentProps<typeof Input>>(function PasswordInput(props, ref) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          variant="ghost"
          size="xs"
          aria-label={intl.formatMessage({ id: visible ? 'auth.password.hide' : 'auth.password.show' })}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff /> : <Eye />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
});

/** A labelled password input. */
export const PasswordField = labelled(PasswordInput);
