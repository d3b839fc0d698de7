import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, profile, renderRoute, USER_ID } from '../../test/utils.tsx';

const session = {
  access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDEifQ.sig',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: USER_ID, email: 'host@example.com', aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} },
};

/** What the dashboard reads once signed in: the profile, and empty data for the rest. */
const dashboard = [
  http.get(api('/rest/v1/profiles'), () => HttpResponse.json([profile()])),
  http.get(api('/rest/v1/*'), () => HttpResponse.json([])),
  http.post(api('/rest/v1/rpc/dashboard_stats'), () => HttpResponse.json({ total_bookings: 0, total_hours: 0, active_clients: 0, revenue: 0 })),
];

/** Opens `path` and presses its submit button (`button`) with the form as it is. */
async function submit(path: string, button: string) {
  renderRoute(path);
  await userEvent.setup().click(await screen.findByRole('button', { name: button }));
}

/** Signs in on /login with this email and password. */
async function signIn(email: string, password: string) {
  const rendered = renderRoute('/login');
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Enter your email'), email);
  await user.type(screen.getByPlaceholderText('Enter your password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

describe('sign in', () => {
  it('shows the validation messages of docs/product/validation.md', async () => {
    await submit('/login', 'Sign in');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('has the texts, links and a password toggle', async () => {
    renderRoute('/login');
    expect(await screen.findByText('Enter your email and password to access your account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.getByText('Or continue with email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    const password = screen.getByPlaceholderText('Enter your password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('welcomes the user and goes to the dashboard', async () => {
    server.use(http.post(api('/auth/v1/token'), () => HttpResponse.json(session)), ...dashboard);
    const { pathname } = await signIn('host@example.com', 'secret123');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText("You've been successfully logged in.")).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('shows the server message on failure', async () => {
    server.use(
      http.post(api('/auth/v1/token'), () =>
        HttpResponse.json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, { status: 400 }),
      ),
    );
    await signIn('host@example.com', 'wrong-password');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid login credentials')).toBeInTheDocument();
  });

  it("says Supabase Auth's refusal by its code in the page's language", async () => {
    localStorage.setItem('kairos.locale', 'fr');
    server.use(
      http.post(api('/auth/v1/token'), () =>
        HttpResponse.json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, { status: 400 }),
      ),
    );
    renderRoute('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('Saisissez votre e-mail'), 'host@example.com');
    await user.type(screen.getByPlaceholderText('Saisissez votre mot de passe'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Échec de la connexion')).toBeInTheDocument();
    expect(screen.getByText('E-mail ou mot de passe incorrect')).toBeInTheDocument();
  });
});

describe('sign up', () => {
  it('shows the validation messages of docs/product/validation.md', async () => {
    await submit('/register', 'Create account');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('sends the names as metadata and welcomes the new user', async () => {
    let body: { email?: string; data?: Record<string, string> } = {};
    server.use(
      http.post(api('/auth/v1/signup'), async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json(session);
      }),
      ...dashboard,
    );
    renderRoute('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByPlaceholderText('Create a password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome to Kairos!')).toBeInTheDocument();
    // A first visit: "Welcome", not "Welcome back".
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
    // The browser's zone goes with it: the new host's working hours are in it (the sign-up trigger).
    expect(body.data).toEqual({ first_name: 'Ada', last_name: 'Lovelace', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: 'en' });
    expect(screen.getByText('Your account has been created successfully.')).toBeInTheDocument();
  });
});
