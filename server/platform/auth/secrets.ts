import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque, unguessable token (256 bits, URL-safe). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a copied database cannot be replayed as sessions. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A password that fits the console's 6-12 character rule: 12 characters, about 70 bits. */
export const randomPassword = (): string => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
