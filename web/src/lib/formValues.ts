// What a form's inputs read as values, for react-hook-form's `setValueAs`.

/** A select or number input's text → a number; '' is none (null): the default, or "not set". */
export const nullableNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
