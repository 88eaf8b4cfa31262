/** The web application's people and sessions: code outside src/domain/web-sessions imports it from here. */
export type {
  EmailLinkPurpose,
  EmailLinkRecord,
  Mailer,
  OutgoingMail,
  WebLogin,
  WebLoginStore,
  WebSessionRecord,
} from './ports';
export { passwordLength } from './passwords';
export { defaultThrottleLimits, SignInThrottle, type ThrottleLimits } from './sign-in-throttle';
export { sessionLifetimeMs, type SignedIn, WebAccountService } from './web-account.service';
