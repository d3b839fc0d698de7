// The session through Supabase Auth (who is signed in: session.ts): sign in, sign up, sign out, password reset.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { supabase } from '../../lib/supabase.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import type { LoginValues, RegisterValues } from './schemas.ts';
import { currentUserKey } from './session.ts';

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (values: LoginValues) => {
      const { error } = await supabase.auth.signInWithPassword(values);
      if (error) throw error;
    },
    onSuccess: async () => {
      // The user, and whether this session still needs a two-factor code.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      notify('Welcome back!', "You've been successfully logged in.");
      navigate('/dashboard');
    },
    onError: (error: Error) => notifyError('Login failed', error.message || 'Invalid email or password'),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ email, password, firstName, lastName }: RegisterValues) => {
      const { error } = await supabase.auth.signUp({
        email,
        password,
        options: { data: { first_name: firstName, last_name: lastName }, emailRedirectTo: `${window.location.origin}/dashboard` },
      });
      if (error) throw error;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      notify('Welcome to Kairos!', 'Your account has been created successfully.');
      navigate('/dashboard');
    },
    onError: (error: Error) => notifyError('Registration failed', error.message || 'Failed to create account'),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },
    onSuccess: () => {
      queryClient.clear();
      notify('Signed out', "You've been successfully signed out.");
      navigate('/');
    },
  });
}

export async function signInWithProvider(provider: 'google' | 'apple'): Promise<void> {
  await supabase.auth.signInWithOAuth({ provider, options: { redirectTo: `${window.location.origin}/dashboard` } });
}
