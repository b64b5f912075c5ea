import { Subject, type Observable } from 'rxjs';
import { NOTICE_TEXT, TOAST_MS, type Notice } from '../notices/types';
import { refusalText } from './refusal-text';
import { ApiError } from './api-error';
import type { Query, RestClient, RestExchange } from '../../contract/api/types';

export interface RestClientOptions {
  apiBase: string;
  fetch: typeof fetch;
  token: () => string | null;
  timeoutMs: number;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Replaces the bearer header, e.g. the Basic client credentials of the token call. */
  authorization?: string;
  binary?: boolean;
  /** The sign-in call answers bad credentials with 401: that is a message to show, not an expired login. */
  unauthorized?: 'dialog' | 'toast';
  /** The caller shows every failure itself (a wall's sign-in screen): no toast, no dialog. */
  quiet?: boolean;
  /** A multipart upload instead of a JSON body. */
  form?: FormData;
  /** Share of the upload sent (0 to 1), where the platform reports it (the browser's XMLHttpRequest). */
  onUploadProgress?: (sent: number) => void;
  /** The caller gives the request up: the fetch is aborted and nothing is shown. */
  signal?: AbortSignal;
}

export interface RestChannel {
  client: RestClient;
  /** The same calls with no toast or dialog on failure: reads nobody asked for, whose answers are kept whatever they are. */
  quietClient: RestClient;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  notices$: Observable<Notice>;
  /** Every JSON response, for the trace recorder. */
  exchanges$: Observable<RestExchange>;
}

const TOAST_CODES = new Set([400, 403, 300]);

export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(body: unknown): body is { code: number; msg?: unknown; data?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('json');
}

/**
 * The product API client of the spec (sections 7 and 8): the envelope's `code` decides, the HTTP
 * status only when the body is not an envelope. Toasts and dialogs come out on `notices$`.
 */
export function createRestClient(options: RestClientOptions): RestChannel {
  const notices$$ = new Subject<Notice>();
  const exchanges$$ = new Subject<RestExchange>();
  const base = options.apiBase.replace(/\/+$/, '');

  const notify = (opts: RequestOptions, notice: Notice): void => {
    // A request its caller gave up answers a screen that has moved on: it says nothing.
    if (!opts.quiet && !opts.signal?.aborted) notices$$.next(notice);
  };

  const reject = (code: number, msg: string | undefined, opts: RequestOptions, data?: unknown): never => {
    if (code === 401 && (opts.unauthorized ?? 'dialog') === 'dialog') notify(opts, { kind: 'dialog', reason: 'login-expired', text: NOTICE_TEXT.loginExpired });
    else if (TOAST_CODES.has(code) || code === 401) notify(opts, { kind: 'toast', level: 'error', text: refusalText(msg ?? ''), durationMs: TOAST_MS.error });
    throw new ApiError('code', code, msg, data);
  };

  const settle = async (method: string, target: string, response: Response, opts: RequestOptions): Promise<unknown> => {
    const binary = opts.binary === true;
    if (binary && !isJson(response)) {
      if (response.ok) return response.blob();
      return reject(response.status, response.statusText || undefined, opts);
    }
    const text = await response.text();
    let body: unknown = text;
    if (isJson(response) || binary) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (isEnvelope(body)) {
      exchanges$$.next({ method, path: target, body });
      if (body.code === 200) return body.data;
      return reject(body.code, typeof body.msg === 'string' ? body.msg : undefined, opts, body.data);
    }
    if (response.ok) return body;
    return reject(response.status, text || response.statusText || undefined, opts);
  };

  const request = async <T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> => {
    const target = path + queryString(opts.query);
    const headers: Record<string, string> = { 'Accept-Language': 'en' };
    // A multipart body sets its own content type with the boundary.
    if (!opts.form) headers['Content-Type'] = 'application/json';
    const token = options.token();
    const authorization = opts.authorization ?? (token ? `Bearer ${token}` : undefined);
    if (authorization) headers.Authorization = authorization;

    if (opts.signal?.aborted) throw new ApiError('aborted');
    const controller = new AbortController();
    const giveUp = () => controller.abort();
    opts.signal?.addEventListener('abort', giveUp, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    try {
      const init = { method, headers, body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)), signal: controller.signal };
      const send = opts.onUploadProgress && typeof XMLHttpRequest !== 'undefined' ? sendWithProgress(opts.onUploadProgress) : options.fetch;
      const response = await send(base + target, init);
      return (await settle(method, target, response, opts)) as T;
    } catch (error) {
      if (opts.signal?.aborted) throw new ApiError('aborted');
      if (error instanceof ApiError) throw error;
      if (timedOut) {
        notify(opts, { kind: 'toast', level: 'error', text: NOTICE_TEXT.timeout, durationMs: TOAST_MS.timeout });
        throw new ApiError('timeout');
      }
      notify(opts, { kind: 'toast', level: 'error', text: NOTICE_TEXT.networkError, durationMs: TOAST_MS.error });
      throw new ApiError('network', undefined, error instanceof Error ? error.message : undefined);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', giveUp);
    }
  };

  const clientWith = (shared: RequestOptions): RestClient => ({
    get: (path, query, options) => request('GET', path, { ...shared, query, quiet: options?.quiet ?? shared.quiet, signal: options?.signal }),
    post: (path, body) => request('POST', path, { ...shared, body }),
    put: (path, body) => request('PUT', path, { ...shared, body }),
    del: (path, query) => request('DELETE', path, { ...shared, query }),
    getBlob: (path, query) => request<Blob>('GET', path, { ...shared, query, binary: true }),
    upload: (path, form, onProgress) => request('POST', path, { ...shared, form, onUploadProgress: onProgress }),
  });

  return {
    client: clientWith({}),
    quietClient: clientWith({ quiet: true }),
    request,
    notices$: notices$$.asObservable(),
    exchanges$: exchanges$$.asObservable(),
  };
}

/** fetch's shape over XMLHttpRequest, the one browser API that reports upload progress. */
function sendWithProgress(onProgress: (sent: number) => void) {
  return (url: string, init: { method: string; headers: Record<string, string>; body?: BodyInit; signal: AbortSignal }): Promise<Response> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' } }));
      xhr.onerror = () => reject(new TypeError('network error'));
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      init.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as XMLHttpRequestBodyInit | null);
    });
}
