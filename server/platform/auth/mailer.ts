import { createTransport } from 'nodemailer';
import { ApiError } from '../http/api-error';

/** Sends mail: through SMTP when FLEET_SMTP_URL is set, else to the server log. */
export interface Mailer {
  /** Says where mail goes, for the start-up log. */
  readonly describe: string;
  send(to: string, subject: string, text: string): Promise<void>;
}

export const consoleMailer = (log: (line: string) => void): Mailer => ({
  describe: 'Mail (verification codes) is written to this log; set FLEET_SMTP_URL to send it',
  send: async (to, subject, text) => log(`[mail] to=${to} subject="${subject}" ${text}`),
});

/** The caller learns that the mail did not go; the administrator reads why in the server log. */
export const MAIL_FAILED = 'The mail could not be sent, please try again later';

export const smtpMailer = (smtpUrl: string, from: string, log: (line: string) => void): Mailer => {
  const transport = createTransport(smtpUrl);
  const host = new URL(smtpUrl).host;
  return {
    describe: `Mail is sent through ${host} from ${from}`,
    send: async (to, subject, text) => {
      try {
        await transport.sendMail({ from, to, subject, text });
      } catch (err) {
        log(`Mail to ${to} through ${host} failed: ${err instanceof Error ? err.message : String(err)}`);
        throw new ApiError(500, MAIL_FAILED);
      }
    },
  };
};

export const openMailer = (config: { smtpUrl: string | null; mailFrom: string }, log: (line: string) => void): Mailer =>
  config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, log) : consoleMailer(log);
