// Records a page's requests from CDP Network events: one outcome per URL (redirect hops included)
// and the main document's request and response as the wire saw them (ExtraInfo events carry the
// raw headers Chromium actually sent and received, cookies included).
import type { CDPSession, Protocol } from 'puppeteer-core';
import type { Header, RequestOutcome } from '../../../proto/index.js';

interface Hop {
  url: string;
  status: number;
  sizeBytes: number;
}

interface RequestRecord {
  url: string;
  type: string;
  /** CDP monotonic seconds. */
  startTs: number;
  /** Latest of response and end of body. */
  endTs: number;
  /** Redirect responses, in order, before the current URL. */
  hops: Hop[];
  request: Protocol.Network.Request;
  response?: Protocol.Network.Response;
  state: 'pending' | 'finished' | 'failed';
  errorText: string;
  sizeBytes: number;
  decodedBytes: number;
}

export interface MainDocument {
  requestId: string;
  url: string;
  statusCode: number;
  responseHeaders: Header[];
  requestHeaders: Header[];
  timeUs: number;
  sizeBytes: number;
  /** Decoded body bytes received so far. */
  decodedBytes: number;
  state: RequestRecord['state'];
  errorText: string;
  mimeType: string;
  timing?: Protocol.Network.ResourceTiming;
  securityDetails?: Protocol.Network.SecurityDetails;
  /** Cookies Chromium attached to the (last hop of the) request. */
  sentCookies: Protocol.Network.Cookie[];
}

export class NetworkRecorder {
  readonly #session: CDPSession;
  readonly #requests = new Map<string, RequestRecord>();
  // ExtraInfo events may come before or after their main event; one entry per hop, in order.
  readonly #requestExtra = new Map<string, Protocol.Network.RequestWillBeSentExtraInfoEvent[]>();
  readonly #responseExtra = new Map<string, Protocol.Network.ResponseReceivedExtraInfoEvent[]>();
  #mainId: string | null = null;
  #mainDone: (() => void) | null = null;
  readonly mainDone: Promise<void>;

  constructor(session: CDPSession) {
    this.#session = session;
    this.mainDone = new Promise((resolve) => {
      this.#mainDone = resolve;
    });
    session.on('Network.requestWillBeSent', (e) => this.#onRequest(e));
    session.on('Network.requestWillBeSentExtraInfo', (e) => push(this.#requestExtra, e.requestId, e));
    session.on('Network.responseReceivedExtraInfo', (e) => push(this.#responseExtra, e.requestId, e));
    session.on('Network.responseReceived', (e) => {
      const record = this.#requests.get(e.requestId);
      if (!record) return;
      record.response = e.response;
      record.endTs = e.timestamp;
    });
    session.on('Network.dataReceived', (e) => {
      const record = this.#requests.get(e.requestId);
      if (record) record.decodedBytes += e.dataLength;
    });
    session.on('Network.loadingFinished', (e) => {
      const record = this.#requests.get(e.requestId);
      if (!record) return;
      record.state = 'finished';
      record.sizeBytes = e.encodedDataLength;
      record.endTs = e.timestamp;
      if (e.requestId === this.#mainId) this.#mainDone?.();
    });
    session.on('Network.loadingFailed', (e) => {
      const record = this.#requests.get(e.requestId);
      if (!record) return;
      record.state = 'failed';
      record.errorText = e.errorText;
      record.endTs = e.timestamp;
      if (e.requestId === this.#mainId) this.#mainDone?.();
    });
  }

  /** Enables the domain; call before navigating. */
  async start(): Promise<void> {
    await this.#session.send('Network.enable');
  }

  #onRequest(e: Protocol.Network.RequestWillBeSentEvent): void {
    const existing = this.#requests.get(e.requestId);
    if (existing && e.redirectResponse) {
      // Same request id, next hop: the previous URL ended with this redirect response.
      existing.hops.push({
        url: existing.url,
        status: e.redirectResponse.status,
        sizeBytes: e.redirectResponse.encodedDataLength,
      });
      existing.url = e.request.url;
      existing.request = e.request;
      existing.response = undefined;
      return;
    }
    // The first document request of the page is the navigation we started.
    if (this.#mainId === null && e.type === 'Document') this.#mainId = e.requestId;
    this.#requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? '',
      startTs: e.timestamp,
      endTs: e.timestamp,
      hops: [],
      request: e.request,
      state: 'pending',
      errorText: '',
      sizeBytes: 0,
      decodedBytes: 0,
    });
  }

  /**
   * One outcome per http(s) URL, in request order (a later request for a URL replaces the earlier).
   * `failed(url)` says whether the proxy refused or could not reach a URL: its answer is the proxy's.
   */
  outcomes(failed: (url: string) => boolean): RequestOutcome[] {
    const byUrl = new Map<string, RequestOutcome>();
    const add = (url: string, statusCode: number, sizeBytes: number, success: boolean) => {
      if (!/^https?:/i.test(url)) return;
      const refused = failed(url);
      byUrl.set(url, {
        url,
        // The proxy's own refusal page is not the target's: no status, no bytes from the target.
        statusCode: refused ? 0 : statusCode,
        sizeBytes: refused ? 0 : sizeBytes,
        success: success && !refused,
      });
    };
    for (const record of this.#requests.values()) {
      for (const hop of record.hops) add(hop.url, hop.status, hop.sizeBytes, true);
      const status = record.response?.status ?? 0;
      const size = record.state === 'finished' ? record.sizeBytes : (record.response?.encodedDataLength ?? 0);
      add(record.url, status, size, record.state === 'finished' && status > 0);
    }
    return [...byUrl.values()];
  }

  main(): MainDocument | null {
    if (this.#mainId === null) return null;
    const record = this.#requests.get(this.#mainId);
    if (!record) return null;
    const requestExtra = this.#requestExtra.get(this.#mainId)?.at(-1);
    const responseExtra = this.#responseExtra.get(this.#mainId)?.at(-1);
    const response = record.response;
    return {
      requestId: this.#mainId,
      url: record.url,
      statusCode: response?.status ?? 0,
      responseHeaders: response
        ? toHeaders(responseExtra?.headers ?? response.headers, responseExtra?.headersText)
        : [],
      requestHeaders: toHeaders(requestExtra?.headers ?? record.request.headers),
      // From the first hop's start to the last event seen (the end of the body when it finished).
      timeUs: Math.max(0, Math.round((record.endTs - record.startTs) * 1e6)),
      sizeBytes: record.state === 'finished' ? record.sizeBytes : (response?.encodedDataLength ?? 0),
      decodedBytes: record.decodedBytes,
      state: record.state,
      errorText: record.errorText,
      mimeType: response?.mimeType ?? '',
      securityDetails: response?.securityDetails,
      timing: response?.timing,
      sentCookies: (requestExtra?.associatedCookies ?? [])
        .filter((c) => c.blockedReasons.length === 0)
        .map((c) => c.cookie),
    };
  }

  /** The main document's body as received (decoded), or null when Chromium no longer has it. */
  async mainBody(): Promise<Buffer | null> {
    if (this.#mainId === null) return null;
    try {
      const { body, base64Encoded } = await this.#session.send('Network.getResponseBody', {
        requestId: this.#mainId,
      });
      return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    } catch {
      return null;
    }
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * CDP joins repeated headers with '\n'; one Header per value. With HTTP/1 the raw header block is
 * available too and keeps the original order and spelling, so it is preferred.
 */
function toHeaders(headers: Protocol.Network.Headers, headersText?: string): Header[] {
  if (headersText) {
    const lines = headersText.split('\r\n').slice(1); // skip the status line
    const parsed: Header[] = [];
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      parsed.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
    }
    if (parsed.length > 0) return parsed;
  }
  const out: Header[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const part of String(value).split('\n')) out.push({ name, value: part });
  }
  return out;
}
