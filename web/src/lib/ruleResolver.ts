// react-hook-form's zod resolver, with each field's rule (its id and values) kept beside the English
// message react-hook-form keeps: a form says a shared rule in the page's language with its values
// ("at most 100 characters"), not only the rules worded the same every time (i18n/fieldWords.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { issueRule, type RuleMessage } from './shared.ts';

/** A field's error as this resolver leaves it. */
export interface RuleFieldError {
  message?: string;
  rule?: RuleMessage;
}

function ruleResolver<Input extends FieldValues, Values extends FieldValues>(schema: z.ZodType<Values, Input>): Resolver<Input, unknown, Values> {
  const resolve = zodResolver(schema) as Resolver<Input, unknown, Values>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    // The resolver keeps each issue's message only; parsed again (a refused form, rarely), the issues give their rules.
    const parsed = await z.safeParseAsync(schema, values);
    for (const issue of parsed.error?.issues ?? []) {
      const error = get(result.errors, issue.path.join('.')) as RuleFieldError | undefined;
      const rule = issueRule(issue);
      if (error && rule && error.message === issue.message) error.rule ??= rule;
    }
    return result;
  };
}

/** A form checked by `schema` through ruleResolver: typed by what the schema takes and gives. */
export function useRuleForm<Input extends FieldValues, Values extends FieldValues>(schema: z.ZodType<Values, Input>, defaultValues: DefaultValues<Input>) {
  return useForm<Input, unknown, Values>({ resolver: ruleResolver(schema), defaultValues });
}
