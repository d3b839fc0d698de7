// Spec section 5's login and registration rules, shared with the functions.
export { loginSchema, registerSchema } from '../../../../supabase/functions/_shared/rules/schemas.ts';
export type { LoginInput as LoginValues, RegisterInput as RegisterValues } from '../../../../supabase/functions/_shared/rules/schemas.ts';
