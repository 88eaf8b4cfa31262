/** The web application's settings from the environment (listed in the README and docs/web.md). */
export interface WebConfig {
  /** WEB_BASE_URL: the address people open the web application at; the links in emails start with it. */
  baseUrl: string;
  /** SMTP_URL (e.g. smtp://user:pass@mail.example.com:587): where emails go; unset, each is written to the log. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of the web application's emails. */
  mailFrom: string;
  /** Cookies carry Secure unless NODE_ENV=development (browsers keep Secure cookies of http://localhost too). */
  secureCookies: boolean;
}

export function loadWebConfig(env: Record<string, string | undefined> = process.env): WebConfig {
  const port = env.PORT || env.PORT_SITE || '3002';
  return {
    baseUrl: (env.WEB_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Tradelane <no-reply@tradelane.dev>',
    secureCookies: env.NODE_ENV !== 'development',
  };
}
