// The host's questions on the guest's form, in the host's order: each as its type asks (text, a
// number, an email, a phone, a date, a choice of one or several, yes or no), a conditional one only
// while the earlier answer it hangs on is given. Loaded only for an event type with questions: it
// brings the shared rules (zod, libphonenumber-js) that a booking page without questions never needs.
import { useId } from 'react';
import { Box, Checkbox, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField, TextAreaField, TextField } from '../../components/FormField.tsx';
import { shownQuestions, type Question } from '../../lib/shared.ts';
import type { AnswersForm } from './useAnswers.ts';
import { useRuleWords } from '../../i18n/ruleWords.ts';

const INPUT_TYPE = { short_text: 'text', number: 'number', email: 'email', phone: 'tel', date: 'date' } as const;

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const asYesNo = (value: unknown) => (value === true || value === 'yes' ? 'yes' : value === false || value === 'no' ? 'no' : null);

/** One choice among radios (a single choice shown as radios, yes or no), named by its label, described by its help or its message. */
function RadioQuestion({ question, value, error, choices, onChange }: { question: Question; value: string | null; error?: string; choices: [string, string][]; onChange: (value: string) => void }) {
  const id = useId();
  const described = error ? `${id}-error` : question.help ? `${id}-help` : undefined;
  return (
    <RadioGroup.Root value={value} onValueChange={(details) => onChange(details.value as string)} aria-invalid={error ? true : undefined} aria-describedby={described} size="sm">
      <Stack gap="2">
        <RadioGroup.Label fontSize="sm" fontWeight="medium">
          {question.required ? question.label : <FormattedMessage id="common.optional" values={{ label: question.label }} />}
        </RadioGroup.Label>
        {question.help && !error ? (
          <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
            {question.help}
          </Text>
        ) : null}
        {choices.map(([choice, label]) => (
          <RadioGroup.Item key={choice} value={choice}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
        {error ? (
          <Text id={`${id}-error`} fontSize="sm" color="fg.error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </RadioGroup.Root>
  );
}

function QuestionField({ question, form }: { question: Question; form: AnswersForm }) {
  const intl = useIntl();
  const value = form.values[question.slug];
  const error = useRuleWords()(form.errors[question.slug]);
  const label = question.required ? question.label : intl.formatMessage({ id: 'common.optional' }, { label: question.label });
  const set = (next: unknown) => form.set(question.slug, next);
  switch (question.type) {
    case 'single_choice':
      if (question.display === 'select') {
        return (
          <FormField label={label} error={error} helper={question.help} required={question.required}>
            <ChoiceSelect value={asText(value)} onChange={(event) => set(event.currentTarget.value)} choices={question.options.map((o) => ({ value: o, label: o }))}>
              <option value="">{intl.formatMessage({ id: 'booking.questions.choose' })}</option>
            </ChoiceSelect>
          </FormField>
        );
      }
      return <RadioQuestion question={question} value={asText(value) || null} error={error} choices={question.options.map((o) => [o, o])} onChange={set} />;
    case 'yes_no':
      return <RadioQuestion question={question} value={asYesNo(value)} error={error} choices={[['yes', intl.formatMessage({ id: 'common.yes' })], ['no', intl.formatMessage({ id: 'common.no' })]]} onChange={set} />;
    case 'multiple_choice': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Fieldset.Root invalid={Boolean(error)}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {label}
          </Fieldset.Legend>
          {question.help ? <Fieldset.HelperText>{question.help}</Fieldset.HelperText> : null}
          <Stack gap="2" mt="1">
            {question.options.map((option) => (
              <Checkbox.Root
                key={option}
                size="sm"
                checked={chosen.includes(option)}
                onCheckedChange={(details) => set(details.checked === true ? [...chosen, option] : chosen.filter((c) => c !== option))}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{option}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
        </Fieldset.Root>
      );
    }
    case 'long_text':
      return <TextAreaField label={label} error={error} helper={question.help} required={question.required} rows={3} value={asText(value)} onChange={(event) => set(event.currentTarget.value)} />;
    default:
      return (
        <TextField
          label={label}
          error={error}
          helper={question.help}
          required={question.required}
          type={INPUT_TYPE[question.type]}
          {...(question.type === 'number' && { min: question.min, max: question.max, inputMode: 'decimal' as const })}
          value={asText(value)}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
  }
}

export default function QuestionFields({ form }: { form: AnswersForm }) {
  const shown = shownQuestions(form.questions, form.values);
  return (
    <Stack gap="3">
      {form.questions
        .filter((question) => shown.has(question.slug))
        .map((question) => (
          <Box key={question.slug} data-question={question.slug}>
            <QuestionField question={question} form={form} />
          </Box>
        ))}
    </Stack>
  );
}
