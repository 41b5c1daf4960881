// How long a server went without answering: polls a URL about every 100 ms while a test works and
// reports the longest time between two answers. A process whose event loop is stuck answers
// nothing until it is free, so the gap is how long it was stuck, whatever thread the test runs on
// (a stuck loop in this very process delays the poll itself by as much).
import { setTimeout as sleep } from 'node:timers/promises';

export interface AnswerGaps {
  /** The longest time between two answers (the start and the stop count as answers), ms. */
  maxGapMs: number;
  answers: number;
}

/** Starts polling `url` (GET; a 200 is an answer); stop() ends it and says the longest gap. */
export function sampleAnswers(url: string): { stop(): Promise<AnswerGaps> } {
  let running = true;
  const answeredAt: number[] = [performance.now()];
  const loop = (async () => {
    while (running) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
        await res.text();
        if (res.status === 200) answeredAt.push(performance.now());
      } catch {
        // no answer: the gap grows until the next one
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      answeredAt.push(performance.now());
      let maxGapMs = 0;
      for (let i = 1; i < answeredAt.length; i++)
        maxGapMs = Math.max(maxGapMs, (answeredAt[i] as number) - (answeredAt[i - 1] as number));
      return { maxGapMs: Math.round(maxGapMs), answers: answeredAt.length - 2 };
    },
  };
}
