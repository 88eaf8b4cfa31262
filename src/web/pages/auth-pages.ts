import { passwordLength } from '../../domain/web-sessions';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, field, type FormState, formError, page } from './layout';
import { secretBox } from './secret-box';

export function signUpPage(visitor: Visitor, form: FormState): Html {
  return page(
    visitor,
    'Create your account',
    html`<h1>Create your account</h1>
      <div class="card">
        ${formError(form)}
        <form method="post" action="/signup" novalidate>
          ${csrfField(visitor)} ${field(form, 'email', 'Email', 'email', 'email')}
          ${field(form, 'password', 'Password', 'password', 'new-password')}
          <p class="muted">At least ${passwordLength.min} characters.</p>
          <div class="actions"><button>Create account</button></div>
        </form>
      </div>
      <p>Have an account? <a href="/login">Sign in</a>.</p>`,
    { narrow: true },
  );
}

/** After sign-up: the first live key (shown this once, as POST /api/signup shows it) and the email to verify. */
export function signedUpPage(visitor: Visitor, email: string, secret: string): Html {
  return page(
    visitor,
    'Check your email',
    html`<h1>Check your email</h1>
      <div class="notice" role="status">
        We sent a link to <strong>${email}</strong>. Open it to verify your email, then sign in.
      </div>
      <div class="card">
        <h2>Your first API key</h2>
        <p>This live key is shown once. Copy it now and keep it in your secrets store.</p>
        ${secretBox('first-key', secret)}
      </div>`,
    { narrow: true },
  );
}

export function signInPage(visitor: Visitor, form: FormState, notice?: string): Html {
  return page(
    visitor,
    'Sign in',
    html`<h1>Sign in</h1>
      ${notice ? html`<div class="notice" role="status">${notice}</div>` : ''}
      <div class="card">
        ${formError(form)}
        <form method="post" action="/login" novalidate>
          ${csrfField(visitor)} ${field(form, 'email', 'Email', 'email', 'username')}
          ${field(form, 'password', 'Password', 'password', 'current-password')}
          <div class="actions"><button>Sign in</button> <a href="/forgot-password">Forgot your password?</a></div>
        </form>
      </div>
      <p>New to Tradelane? <a href="/signup">Create an account</a>.</p>`,
    { narrow: true },
  );
}

export function forgotPasswordPage(visitor: Visitor, form: FormState, sent: boolean): Html {
  return page(
    visitor,
    'Reset your password',
    html`<h1>Reset your password</h1>
      ${
        sent
          ? html`<div class="notice" role="status">
              If an account uses that email, a reset link is on its way. It works once, for one hour.
            </div>`
          : ''
      }
      <div class="card">
        ${formError(form)}
        <form method="post" action="/forgot-password" novalidate>
          ${csrfField(visitor)} ${field(form, 'email', 'Email', 'email', 'email')}
          <div class="actions"><button>Send reset link</button></div>
        </form>
      </div>`,
    { narrow: true },
  );
}

export function resetPasswordPage(visitor: Visitor, token: string, form: FormState): Html {
  return page(
    visitor,
    'Choose a new password',
    html`<h1>Choose a new password</h1>
      <div class="card">
        ${formError(form)}
        <form method="post" action="/reset-password" novalidate>
          ${csrfField(visitor)} <input type="hidden" name="token" value="${token}" />
          ${field(form, 'password', 'New password', 'password', 'new-password')}
          <p class="muted">At least ${passwordLength.min} characters. Every signed-in browser is signed out.</p>
          <div class="actions"><button>Save password</button></div>
        </form>
      </div>`,
    { narrow: true },
  );
}

/** A page that says one thing: a refused link, a refused form, a page that does not exist. */
export function messagePage(
  visitor: Visitor,
  title: string,
  message: string,
  next?: { href: string; label: string },
): Html {
  return page(
    visitor,
    title,
    html`<h1>${title}</h1>
      <div class="notice error" role="alert">${message}</div>
      ${next ? html`<p><a href="${next.href}">${next.label}</a></p>` : ''}`,
    { narrow: true },
  );
}
