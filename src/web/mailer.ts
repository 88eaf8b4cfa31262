import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer, OutgoingMail } from '../domain/web-sessions';

/** Sends by SMTP when SMTP_URL is set; otherwise writes the mail (its link included) to the log. */
export function createMailer(smtpUrl: string | null, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail: OutgoingMail) => {
        logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'email (no SMTP_URL set)');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail: OutgoingMail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
