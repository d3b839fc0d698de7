// An event type's price as guests read it (rules/money.ts formats it in its currency); nothing when free.
import { HStack, Text, type StackProps } from '@chakra-ui/react';
import { CreditCard } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../lib/shared.ts';

export function Price({
  amount,
  currency,
  iconSize = 16,
  ...stack
}: { amount: number | null | undefined; currency: string | null | undefined; iconSize?: number } & StackProps) {
  const { locale } = useIntl();
  if (!amount || !currency) return null;
  return (
    <HStack gap="1" {...stack}>
      <CreditCard size={iconSize} aria-hidden /> <Text>{formatMoney(amount, currency, locale)}</Text>
    </HStack>
  );
}
