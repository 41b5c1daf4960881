// The coordinator fetching a URL: webhook targets pass the agents' address policy (private ranges
// refused unless allowed for a lab), the checked address is the one dialled (no second lookup),
// redirects are not followed, and time and response bytes are bounded.
import { Agent, request } from 'undici';
import { createNetworkPolicy, DnsLookupError, type NetworkPolicy } from '../../common/net-policy/index.js';

export interface WebhookSenderOptions {
  /** Ranges allowed despite the refusals (`--webhook-allow-cidrs`). Default none. */
  allowCidrs?: string[];
  /** Whole-attempt deadline. */
  timeoutMs: number;
  /** Response bytes read before the connection is dropped. Default 64 KiB. */
  maxResponseBytes?: number;
}

export interface SendOutcome {
  /** HTTP status, or null when no answer came. */
  statusCode: number | null;
  /** Why the attempt failed; null on a 2xx. */
  error: string | null;
}

const MAX_URL_LENGTH = 2048;

export class WebhookSender {
  private readonly policy: NetworkPolicy;
  private readonly maxResponseBytes: number;

  constructor(private readonly opts: WebhookSenderOptions) {
    this.policy = createNetworkPolicy({ allowCidrs: opts.allowCidrs ?? [] });
    this.maxResponseBytes = opts.maxResponseBytes ?? 64 * 1024;
  }

  /** Why `raw` may not be a webhook target, or null when it may (resolves the name). */
  async refusal(raw: string): Promise<string | null> {
    if (raw.length > MAX_URL_LENGTH) return `webhook url must be at most ${MAX_URL_LENGTH} characters`;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'webhook url must be an absolute http or https URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return 'webhook url must be an absolute http or https URL';
    }
    if (url.username || url.password) return 'webhook url must not carry credentials';
    try {
      const decision = await this.policy.check(url.hostname, portOf(url));
      return decision.allowed ? null : `webhook ${decision.message}`;
    } catch (err) {
      if (err instanceof DnsLookupError) return `webhook host ${url.hostname} does not resolve`;
      throw err;
    }
  }

  /** One POST; never throws. */
  async send(rawUrl: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const url = new URL(rawUrl);
    let address: string;
    let family: 4 | 6;
    try {
      const decision = await this.policy.check(url.hostname, portOf(url));
      if (!decision.allowed) return { statusCode: null, error: decision.message };
      address = decision.address;
      family = decision.family;
    } catch (err) {
      return { statusCode: null, error: err instanceof Error ? err.message : String(err) };
    }
    // Dials exactly the checked address; TLS still verifies the name in the URL.
    const pinned = new Agent({
      connect: {
        lookup: (_host, options, cb) => {
          // node asks for every address when it may race families (autoSelectFamily).
          if ((options as { all?: boolean }).all) cb(null, [{ address, family }] as never, family);
          else cb(null, address, family);
        },
      },
      headersTimeout: this.opts.timeoutMs,
      bodyTimeout: this.opts.timeoutMs,
    });
    try {
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'crawl-network-webhooks', ...headers },
        body,
        dispatcher: pinned,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      // Only the status matters; a huge or endless body is cut off, never buffered.
      await res.body.dump({ limit: this.maxResponseBytes }).catch(() => {});
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { statusCode: res.statusCode, error: ok ? null : `receiver answered ${res.statusCode}` };
    } catch (err) {
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return { statusCode: null, error: message.slice(0, 500) };
    } finally {
      pinned.destroy().catch(() => {});
    }
  }
}

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
