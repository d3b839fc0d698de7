// A database refusal's words: our SQL names the rule in HINT (its id) and the values in DETAIL, as JSON
// (supabase/migrations/…_foundation.sql). Read as sent; the functions hold the id to their rules, the
// web says it where its catalogue holds the id.

export interface NamedRefusal {
  id: string;
  values?: Record<string, unknown>;
}

/** The rule a refusal names, if it names one; a DETAIL in words (why a time is taken) carries no values. */
export function refusalOf(hint?: string | null, detail?: string | null): NamedRefusal | undefined {
  if (!hint || !/^[a-z][A-Za-z]*$/.test(hint)) return undefined;
  try {
    const values: unknown = JSON.parse(detail ?? '');
    if (values && typeof values === 'object' && !Array.isArray(values)) return { id: hint, values: values as Record<string, unknown> };
  } catch {
    // words, not values
  }
  return { id: hint };
}
