// Holds a socket's writes of one turn of the event loop together: the first write of a turn corks
// the socket and it is uncorked once the turn's callbacks and promise continuations have run
// (process.nextTick), so the frames a turn sends (a batch of assigns or accepts, acks, a result's
// chunks) leave in one write instead of one each, and nothing waits for a later turn. Both ends
// of the agent link use it.
import type { Duplex } from 'node:stream';

export class TurnCork {
  private corked = false;

  constructor(private readonly socket: Duplex) {}

  /** Call before each write. */
  hold(): void {
    if (this.corked) return;
    this.corked = true;
    this.socket.cork();
    process.nextTick(TurnCork.release, this);
  }

  // Static, the cork passed as the tick's argument: a bound callback per instance would cost every
  // idle link of a coordinator memory (a closure, and its name property under tsx).
  private static release(this: void, cork: TurnCork): void {
    cork.corked = false;
    cork.socket.uncork();
  }
}
