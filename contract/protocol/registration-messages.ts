// What /register's "Send code" answers, in the same words from the server and the console.

/**
 * True whether or not the address has an account: a new address gets its verification code, an
 * address that has an account gets how to sign in, and the answer does not say which.
 */
export const REGISTRATION_MAIL_SENT = 'Mail sent: it holds your verification code, or how to sign in if this address already has an account';
