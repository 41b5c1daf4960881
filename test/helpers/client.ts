// A minimal API client for tests: what an existing client of the contract does.
export interface ApiResponse {
  status: number;
  body: unknown;
  text: string;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string | null,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const h: Record<string, string> = { ...headers };
    if (this.apiKey) h.authorization = `Bearer ${this.apiKey}`;
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, text };
  }

  submit(job: Record<string, unknown>): Promise<ApiResponse> {
    return this.request('POST', '/crawl/v1/new', job);
  }

  status(id: string): Promise<ApiResponse> {
    return this.request('GET', `/crawl/v1/status/${id}`);
  }

  /** Polls the cheap status endpoint until the job is terminal (as a client does) or the deadline passes. */
  async waitTerminal(id: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.status(id);
      const job = res.body as Record<string, unknown>;
      if (job && (job.status === 'completed' || job.status === 'failed')) return job;
      if (Date.now() > until) throw new Error(`job ${id} still ${String(job?.status)} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  async run(
    job: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<{ job: Record<string, unknown>; id: string }> {
    const res = await this.submit(job);
    if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${res.text}`);
    const id = (res.body as { job_id: string }).job_id;
    return { job: await this.waitTerminal(id, timeoutMs), id };
  }

  async download(id: string): Promise<Record<string, unknown>> {
    const res = await this.request('GET', `/crawl/v1/jobs/${id}/download`);
    if (res.status !== 200) throw new Error(`download answered ${res.status}: ${res.text}`);
    return res.body as Record<string, unknown>;
  }

  async detail(id: string, parseCookies = false): Promise<Record<string, unknown>> {
    const res = await this.request(
      'GET',
      `/crawl/v1/jobs/${id}/detail${parseCookies ? '?parse_cookies=true' : ''}`,
    );
    if (res.status !== 200) throw new Error(`detail answered ${res.status}: ${res.text}`);
    return res.body as Record<string, unknown>;
  }
}
