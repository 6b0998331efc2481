import nodemailer from 'nodemailer';

export interface Letter {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(letter: Letter): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; by default the local mail catcher on port 1025. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(letter) {
      await transport.sendMail({ from, ...letter });
    },
    close: () => transport.close(),
  };
}
