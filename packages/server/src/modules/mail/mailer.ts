/**
 * Outgoing email through SMTP (`MILEPOST_SMTP_URL`, e.g. `smtp://user:pass@mail.example.com:587`
 * or `smtps://…:465`), with nodemailer. Without the setting there is no mailer: features that need
 * one say so (the administrator resets passwords instead).
 */
import type { Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer(opts: { smtpUrl: string | undefined; from: string }): Mailer | null {
  const { smtpUrl } = opts;
  if (!smtpUrl) return null;
  // nodemailer (about 40 modules) loads with the first mail, not with the server: it is no part
  // of the start-up path (decision 0048), and most starts send none.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
