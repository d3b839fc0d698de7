// An event type's price: typed in the currency's major unit ("19.99", "1500" yen), kept in its minor
// unit (rules/money.ts), offered only once the payee's Stripe account can take charges (the database
// refuses a new price otherwise): the host's, or for a team's event type its owner's, which the team's
// admins cannot read and ask of team_payee_takes_charges instead. Guests pay it through Stripe Checkout before the booking holds.
// A priced type also says what a guest's late cancellation refunds (the payments migration's refund rule).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useController, useWatch, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField } from '../../components/FormField.tsx';
import { AccountNeeded, stripeAccount } from '../calendars/index.ts';
import { unwrap } from '../../lib/api.ts';
import { supabase } from '../../lib/supabase.ts';
import { CURRENCIES, DEFAULT_CURRENCY, formatMoney, parsePrice, priceText, refundShare, type Currency } from '../../lib/shared.ts';
import type { EventTypeFormInput } from './schemas.ts';

const isCurrency = (code: string | null | undefined): code is Currency => CURRENCIES.includes(code as Currency);

/** Whether the payee's account takes charges (and its currency, for a host's), once known. */
function usePayee(teamId: number | undefined): { known: boolean; takesCharges: boolean; currency: string | null } {
  const own = stripeAccount.useConnection();
  const team = useQuery({
    queryKey: ['team-payee', teamId],
    enabled: teamId !== undefined,
    queryFn: async () => unwrap(await supabase.rpc('team_payee_takes_charges', { p_team_id: teamId! })) === true,
  });
  if (teamId !== undefined) return { known: team.isSuccess, takesCharges: team.data === true, currency: null };
  return { known: own.isSuccess, takesCharges: own.data?.charges_enabled === true, currency: own.data?.default_currency ?? null };
}

export function PriceFields({
  control,
  errors,
  setValue,
  teamId,
}: {
  control: Control<EventTypeFormInput>;
  errors: FieldErrors<EventTypeFormInput>;
  setValue: UseFormSetValue<EventTypeFormInput>;
  /** A team's event type: its guests pay the team's owner. */
  teamId?: number;
}) {
  const payee = usePayee(teamId);
  const takesCharges = payee.takesCharges;
  const currency = useWatch({ control, name: 'currency' }) ?? DEFAULT_CURRENCY;
  const { field } = useController({ control, name: 'priceCents' });
  const [text, setText] = useState(() => priceText(field.value ?? 0, currency));
  const parsed = text.trim() === '' ? ({ ok: true, amount: 0 } as const) : parsePrice(text, currency);
  const intl = useIntl();
  const words = useFieldWords();

  // A new event type starts in the account's own currency.
  const accountCurrency = payee.currency;
  useEffect(() => {
    if (takesCharges && field.value === undefined) setValue('currency', isCurrency(accountCurrency) ? accountCurrency : DEFAULT_CURRENCY);
  }, [takesCharges, accountCurrency, field.value, setValue]);

  // The amount follows the text and the currency it is read in; NaN keeps an unreadable price from saving.
  const amount = parsed.ok ? parsed.amount : Number.NaN;
  const { onChange } = field;
  useEffect(() => {
    if (takesCharges) onChange(amount);
  }, [takesCharges, amount, onChange]);

  if (!payee.known) return null;
  if (!takesCharges && teamId !== undefined) {
    return (
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="price.teamNeedsStripe" />
      </Text>
    );
  }
  if (!takesCharges) {
    return (
      <AccountNeeded provider="stripe" color="fg.muted" link={<FormattedMessage id="price.connectStripe" />}>
        <FormattedMessage id="price.needsStripe" />
      </AccountNeeded>
    );
  }
  const error = parsed.ok ? words(errors.priceCents) : words({ rule: parsed.rule });
  return (
    <Stack gap="3">
      <HStack align="start" gap="3">
        <FormField
          label={intl.formatMessage({ id: 'price.label' })}
          error={error}
          helper={
            parsed.ok && parsed.amount > 0
              ? intl.formatMessage({ id: 'price.guestsPay' }, { price: formatMoney(parsed.amount, currency, intl.locale) })
              : intl.formatMessage({ id: 'price.free' })
          }
        >
          <Input inputMode="decimal" placeholder="0.00" value={text} onChange={(e) => setText(e.target.value)} onBlur={field.onBlur} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'price.currency' })}>
          <ChoiceSelect
            value={currency}
            onChange={(e) => setValue('currency', e.target.value as Currency, { shouldDirty: true })}
            choices={CURRENCIES.map((code) => ({ value: code, label: code.toUpperCase() }))}
          />
        </FormField>
      </HStack>
      {parsed.ok && parsed.amount > 0 ? <RefundPolicyField control={control} errors={errors} amount={parsed.amount} currency={currency} /> : null}
    </Stack>
  );
}

type RefundKind = 'full' | 'none' | 'percentage';
const kindOf = (percent: number): RefundKind => (percent >= 100 ? 'full' : percent <= 0 ? 'none' : 'percentage');
/** Each by the catalogue's refund.<kind>. */
const REFUND_KINDS: RefundKind[] = ['full', 'none', 'percentage'];

/**
 * What a guest gets back on cancelling inside the host's notice for guest changes: all, nothing, or a
 * share typed in percent (1–99; anything else is NaN, which the schema refuses with its message).
 */
function RefundPolicyField({ control, errors, amount, currency }: {
  control: Control<EventTypeFormInput>;
  errors: FieldErrors<EventTypeFormInput>;
  amount: number;
  currency: string;
}) {
  const { field } = useController({ control, name: 'lateCancelRefundPercent' });
  const [kind, setKind] = useState<RefundKind>(() => kindOf(field.value ?? 100));
  const [text, setText] = useState(() => (kind === 'percentage' ? String(field.value) : '50'));
  const typed = /^\d{1,2}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : Number.NaN;
  const percent = kind === 'full' ? 100 : kind === 'none' ? 0 : typed;
  const { onChange } = field;
  useEffect(() => {
    if (!Object.is(percent, field.value ?? 100)) onChange(percent);
  }, [percent, field.value, onChange]);

  const intl = useIntl();
  const words = useFieldWords();
  const back = Number.isNaN(percent) ? undefined : formatMoney(refundShare(amount, percent, currency), currency, intl.locale);
  return (
    <HStack align="start" gap="3">
      <FormField label={intl.formatMessage({ id: 'refund.label' })} helper={back && intl.formatMessage({ id: 'refund.help' }, { back })}>
        <ChoiceSelect
          value={kind}
          onChange={(e) => setKind(e.target.value as RefundKind)}
          choices={REFUND_KINDS.map((value) => ({ value, label: intl.formatMessage({ id: `refund.${value}` }) }))}
        />
      </FormField>
      {kind === 'percentage' ? (
        <FormField label={intl.formatMessage({ id: 'refund.percent' })} error={words(errors.lateCancelRefundPercent)}>
          <Input inputMode="numeric" maxW="24" value={text} onChange={(e) => setText(e.target.value.trim())} onBlur={field.onBlur} />
        </FormField>
      ) : null}
    </HStack>
  );
}
