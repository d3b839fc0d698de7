// Supabase Auth answers in English with a stable code (AuthError.code, its documented error codes): the
// sign-in toasts say its own words in English, as the spec has them, and in another language the rule
// its code means; a code no rule says stays in Auth's words.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_LOCALE, type RuleId } from '../../lib/shared.ts';
import { ruleWords } from '../../i18n/ruleWords.ts';

const AUTH_RULES: Partial<Record<string, RuleId>> = {
  invalid_credentials: 'invalidCredentials',
  user_already_exists: 'emailTaken',
  email_exists: 'emailTaken',
  email_address_invalid: 'emailAddress',
  weak_password: 'passwordMin',
  over_request_rate_limit: 'signInLimited',
  over_email_send_rate_limit: 'signUpLimited',
  mfa_verification_failed: 'twoFactorCodeWrong',
  mfa_challenge_expired: 'twoFactorExpired',
  insufficient_aal: 'twoFactorNeeded',
};

/** An Auth refusal's words in the page's language (undefined when Auth gave none). */
export function useAuthRefusal(): (error: Error) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (error: Error) => {
      const id = AUTH_RULES[(error as { code?: string }).code ?? ''];
      return id && intl.locale !== DEFAULT_LOCALE ? ruleWords(intl, { id }) : error.message || undefined;
    },
    [intl],
  );
}
