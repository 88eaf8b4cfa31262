import { Router } from 'express';
import { DomainError, quotaSubjectOf } from '../domain/shared';
import { sessionLifetimeMs } from '../domain/web-sessions';
import { setCookie } from './cookies';
import {
  forgotPasswordPage,
  messagePage,
  resetPasswordPage,
  signedUpPage,
  signInPage,
  signUpPage,
} from './pages/auth-pages';
import { emptyForm } from './pages/layout';
import { anonymousCsrfCookie, sessionCookie, visitorOf } from './visitor';
import { refusedForm, sendPage, withForm } from './responses';
import type { WebServices } from './web-context';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const fieldsOf = (body: unknown, names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, text((body as Record<string, unknown> | undefined)?.[name])]));

/** Sign-up, email verification, sign-in, logout and password reset. */
export function authRoutes(web: WebServices): Router {
  const router = Router();
  const { people } = web;
  const secure = web.config.secureCookies;

  /** The web sign-up draws on the same per-address daily limit as POST /api/signup (entitlements.yaml). */
  async function takeSignUpQuota(ip: string): Promise<void> {
    const entitlement = web.access.entitlements.of('signUp', 'anonymous');
    if (!entitlement) return;
    const state = await web.access.quotas.take(quotaSubjectOf({ kind: 'anonymous', ip }), entitlement, web.clock.now());
    if (state && !state.granted)
      throw new DomainError(
        'quota_exceeded',
        `At most ${state.limit} sign-ups a day from one network address; try again after 00:00 UTC.`,
        [],
        { retry_after_seconds: Math.ceil((state.resetAt.getTime() - web.clock.now().getTime()) / 1000) },
      );
  }

  router.get('/signup', (_req, res) => sendPage(res, signUpPage(visitorOf(res), emptyForm)));
  router.post('/signup', async (req, res) => {
    const values = fieldsOf(req.body, ['email', 'password']);
    await withForm(
      res,
      async () => {
        await takeSignUpQuota(req.ip ?? 'unknown');
        const { account, key } = await people.signUp(values.email, values.password);
        sendPage(res.status(201), signedUpPage(visitorOf(res), account.email, key.secret));
      },
      (error) => signUpPage(visitorOf(res), refusedForm(error, { email: values.email })),
    );
  });

  router.get('/verify-email', async (req, res) => {
    await withForm(
      res,
      async () => {
        await people.verifyEmail(text(req.query.token));
        sendPage(res, signInPage(visitorOf(res), emptyForm, 'Your email is verified. Sign in to continue.'));
      },
      (error) => messagePage(visitorOf(res), 'Link not valid', error.message, { href: '/login', label: 'Sign in' }),
    );
  });

  router.get('/login', (_req, res) => {
    if (visitorOf(res).signedIn) return res.redirect(303, '/dashboard');
    sendPage(res, signInPage(visitorOf(res), emptyForm));
  });
  router.post('/login', async (req, res) => {
    const values = fieldsOf(req.body, ['email', 'password']);
    await withForm(
      res,
      async () => {
        const { token } = await people.signIn(values.email, values.password, req.ip ?? 'unknown');
        res.append('Set-Cookie', setCookie(sessionCookie, token, { secure, maxAge: sessionLifetimeMs / 1000 }));
        // The anonymous token is done with; the session brings its own.
        res.append('Set-Cookie', setCookie(anonymousCsrfCookie, '', { secure, maxAge: 0 }));
        res.redirect(303, '/dashboard');
      },
      (error) => signInPage(visitorOf(res), refusedForm(error, { email: values.email })),
    );
  });

  router.post('/logout', async (_req, res) => {
    const signedIn = visitorOf(res).signedIn;
    if (signedIn) await people.signOut(signedIn.session);
    res.append('Set-Cookie', setCookie(sessionCookie, '', { secure, maxAge: 0 }));
    res.redirect(303, '/login');
  });

  router.get('/forgot-password', (_req, res) => sendPage(res, forgotPasswordPage(visitorOf(res), emptyForm, false)));
  router.post('/forgot-password', async (req, res) => {
    const values = fieldsOf(req.body, ['email']);
    await people.requestPasswordReset(values.email);
    sendPage(res, forgotPasswordPage(visitorOf(res), { values, fields: {} }, true));
  });

  router.get('/reset-password', (req, res) =>
    sendPage(res, resetPasswordPage(visitorOf(res), text(req.query.token), emptyForm)),
  );
  router.post('/reset-password', async (req, res) => {
    const values = fieldsOf(req.body, ['token', 'password']);
    await withForm(
      res,
      async () => {
        await people.resetPassword(values.token, values.password);
        res.append('Set-Cookie', setCookie(sessionCookie, '', { secure, maxAge: 0 }));
        sendPage(res, signInPage(visitorOf(res), emptyForm, 'Your password is changed. Sign in with it.'));
      },
      (error) => resetPasswordPage(visitorOf(res), values.token, refusedForm(error, {})),
    );
  });
  return router;
}
