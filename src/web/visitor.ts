import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AccountScope } from '../domain/shared';
import { hostAddresses } from '../http/host-addresses';
import { originOf } from '../http/origin';
import type { Assets } from './assets';
import { parseCookies, setCookie } from './cookies';
import type { Visitor, WebServices } from './web-context';

export const sessionCookie = 'tl_session';
/** Before sign-in, forms carry the value of this cookie (a double-submit token); after, the session's own. */
export const anonymousCsrfCookie = 'tl_csrf';

const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

/** Finds the person behind the request (res.locals.visitor): their session, or a CSRF cookie for the anonymous forms. */
export function loadVisitor(web: WebServices, assets: Assets) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const cookies = parseCookies(req.headers.cookie);
    const sessionToken = cookies.get(sessionCookie);
    const signedIn = sessionToken && tokenPattern.test(sessionToken) ? await web.people.session(sessionToken) : null;
    let csrfToken = signedIn?.session.csrfToken ?? cookies.get(anonymousCsrfCookie);
    if (!signedIn && (!csrfToken || !tokenPattern.test(csrfToken))) {
      csrfToken = crypto.randomBytes(24).toString('base64url');
      res.append('Set-Cookie', setCookie(anonymousCsrfCookie, csrfToken, { secure: web.config.secureCookies }));
    }
    const hosts = hostAddresses(web.addressing, 'site', originOf(req));
    const visitor: Visitor = { signedIn, csrfToken: csrfToken!, assets, path: req.path, hosts };
    res.locals.visitor = visitor;
    next();
  };
}

export const visitorOf = (res: Response): Visitor => res.locals.visitor as Visitor;

/** The signed-in person's account in the mode the toggle selects: what a key of that mode would reach. */
export function accountScopeOf(visitor: Visitor): AccountScope {
  const { account, session } = visitor.signedIn!;
  return { accountId: account.id, livemode: session.mode === 'live', plan: account.plan };
}

/** Pages under these paths are for signed-in people; anyone else is sent to sign in. */
export const signedInOnly = (_req: Request, res: Response, next: NextFunction): void =>
  visitorOf(res).signedIn ? next() : res.redirect(303, '/login');

const sameToken = (a: string, b: string): boolean =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A state-changing request must carry the page's token (form field `_csrf` or header X-CSRF-Token)
 * and must not come from another site (Sec-Fetch-Site, where the browser sends it).
 */
export function csrfProblem(req: Request, visitor: Visitor): string | null {
  if (req.headers['sec-fetch-site'] === 'cross-site') return 'This form was sent from another site.';
  const body = (req.body ?? {}) as Record<string, unknown>;
  const sent = typeof body._csrf === 'string' ? body._csrf : req.headers['x-csrf-token'];
  if (typeof sent !== 'string' || !sameToken(sent, visitor.csrfToken))
    return 'This form has expired or did not come from this page. Reload the page and try again.';
  return null;
}
