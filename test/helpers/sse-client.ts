// A server-sent events reader over fetch: what a browser's EventSource does, minus reconnection.
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  contentType: string | null;
  /** Next event (comments are counted, not returned); null at the end of the stream. */
  next(timeoutMs?: number): Promise<SseEvent | null>;
  /** Comment lines seen (heartbeats). */
  comments: number;
  close(): void;
  /** The body of a non-200 answer. */
  text: string;
}

export async function openSse(url: string, apiKey: string, lastEventId?: string): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const res = await fetch(url, { headers, signal: controller.signal });
  const stream: SseStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    comments: 0,
    text: '',
    close: () => controller.abort(),
    next: async () => null,
  };
  if (res.status !== 200 || !res.body) {
    stream.text = await res.text();
    return stream;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];
  let ended = false;
  const parseBlocks = () => {
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const ev: SseEvent = { id: null, event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) stream.comments++;
        else if (line.startsWith('id: ')) ev.id = line.slice(4);
        else if (line.startsWith('event: ')) ev.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          ev.data += (hasData ? '\n' : '') + line.slice(6);
          hasData = true;
        }
      }
      if (hasData) queue.push(ev);
    }
  };
  stream.next = async (timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0 && !ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((r) => {
          timer = setTimeout(() => r('timeout'), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk === 'timeout') continue;
      if (chunk.done) ended = true;
      else {
        buffer += decoder.decode(chunk.value, { stream: true });
        parseBlocks();
      }
    }
    return queue.shift() ?? null;
  };
  return stream;
}
