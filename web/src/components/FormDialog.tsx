// A dialog around one form: Cancel and a submit button in the footer.
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { AppDialog } from './AppDialog.tsx';
import { SubmitButton } from './SubmitButton.tsx';

/**
 * A dialog around one form: Cancel and a submit button in the footer, the submit button tied to the
 * form with `form=` because the footer sits outside it; the form's parts stack 4 apart. While
 * `pending`, the button shows `pendingLabel` (when given) and, unless `canSubmit` says otherwise, is disabled.
 * `outcome` replaces the form and its buttons in the same dialog once the form has done its work
 * (a booking's confirmation), so the dialog stays where it is, focus and all.
 */
export function FormDialog({
  open,
  onClose,
  title,
  subtitle,
  size,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  canSubmit = !pending,
  outcome,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  canSubmit?: boolean;
  outcome?: { body: ReactNode; footer: ReactNode } | null;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      subtitle={subtitle}
      size={size}
      footer={
        outcome ? (
          outcome.footer
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <SubmitButton form={formId} pending={pending} pendingLabel={pendingLabel} disabled={!canSubmit}>
              {submitLabel}
            </SubmitButton>
          </>
        )
      }
    >
      {outcome ? (
        outcome.body
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit}>
          <Stack gap="4">{children}</Stack>
        </form>
      )}
    </AppDialog>
  );
}
