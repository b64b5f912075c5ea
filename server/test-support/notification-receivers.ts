// What notifications reach in the tests: an SMTP server, an HTTP server (a webhook, a chat webhook or
// a push service) and a browser's Web Push keys that decrypt what the push service receives.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** When it arrived (epoch ms). */
  at: number;
}

export interface HttpReceiver {
  url: string;
  received: ReceivedRequest[];
  /** The status each request is answered with (200 unless changed). */
  answer: (req: ReceivedRequest) => number;
  close(): Promise<void>;
}

/** An HTTP server on a free loopback port that keeps every request and answers `answer(req)`. */
export const startHttpReceiver = async (): Promise<HttpReceiver> => {
  const receiver: HttpReceiver = { url: '', received: [], answer: () => 200, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      receiver.received.push(got);
      const status = receiver.answer(got);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
};

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable and 7-bit bodies as text (what nodemailer writes for plain text). */
const decodeBody = (headers: string, body: string) =>
  /content-transfer-encoding:\s*quoted-printable/i.test(headers)
    ? Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;

/** An SMTP server on a free loopback port that keeps every mail: envelope, subject and text body. */
export const startSmtpReceiver = async () => {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, { envelope }, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('latin1')));
      stream.on('end', () => {
        const split = raw.indexOf('\r\n\r\n');
        const headers = raw.slice(0, split);
        mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          subject: /^subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '',
          text: decodeBody(headers, raw.slice(split + 4)).trim(),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
};

const b64url = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's push keys: its subscription for the server, and the decryption of an aes128gcm body (RFC 8291). */
export const browserPushKeys = () => {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: b64url(uaPublic), auth: b64url(auth) },
    decrypt: (body: Buffer): string => {
      const salt = body.subarray(0, 16);
      const idLength = body[20]!;
      const asPublic = body.subarray(21, 21 + idLength);
      const sealed = body.subarray(21 + idLength);
      const ikm = hmac(hmac(auth, ecdh.computeSecret(asPublic)), Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then zero padding.
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      return padded.subarray(0, end).toString('utf8');
    },
  };
};

/** The claims of a VAPID `Authorization: vapid t=<JWT>, k=<key>` header, its ES256 signature checked with `k`. */
export const vapidClaims = (authorization: string) => {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  return { key, signed, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string } };
};
