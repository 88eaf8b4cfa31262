import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), quoted-printable soft breaks undone. */
  data: string;
}

/** Undoes quoted-printable (RFC 2045 §6.7) as far as links need: soft line breaks and =XX escapes. */
const unquote = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A local SMTP server that accepts every message and keeps it: what the web application sends
 * through nodemailer when SMTP_URL points here. Plain SMTP, no TLS, no authentication.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private readonly waiters: Array<() => void> = [];
  private server: net.Server | null = null;

  async start(): Promise<string> {
    this.server = net.createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The first link in the newest mail to this address, waiting for it to arrive (up to 5 s). */
  async linkFor(to: string, pathPart: string, after = 0): Promise<string> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = this.mails
        .slice(after)
        .reverse()
        .find((m) => m.to.includes(to) && m.data.includes(pathPart));
      const link = mail && new RegExp(`https?://\\S*${pathPart}\\S*`).exec(mail.data)?.[0];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${pathPart}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  private serve(socket: net.Socket): void {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = unquote(buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.'));
          buffer = buffer.slice(end + 5);
          inData = false;
          this.mails.push(current);
          current = { from: '', to: [], data: '' };
          this.waiters.splice(0).forEach((wake) => wake());
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => undefined);
  }
}
