// The docs/product/validation.md login and registration rules, shared with the functions.
export { loginSchema, registerSchema } from '../../lib/shared.ts';
export type { LoginInput as LoginValues, RegisterInput as RegisterValues } from '../../lib/shared.ts';
