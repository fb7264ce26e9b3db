/**
 * Outgoing email through SMTP (`MILEPOST_SMTP_URL`, e.g. `smtp://user:pass@mail.example.com:587`
 * or `smtps://…:465`), with nodemailer. Without the setting there is no mailer: features that need
 * one say so (the administrator resets passwords instead).
 */
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export function createMailer(opts: { smtpUrl: string | undefined; from: string }): Mailer | null {
  if (!opts.smtpUrl) return null;
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
