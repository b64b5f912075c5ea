/** Sends mail; the default writes to the server log because no mail server exists here. */
export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
}

export const consoleMailer = (log: (line: string) => void): Mailer => ({
  send: async (to, subject, text) => log(`[mail] to=${to} subject="${subject}" ${text}`),
});
