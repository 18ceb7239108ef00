// An internal cancellation token. undici accepts an EventEmitter with `aborted` as a request
// signal, and it costs a fraction of an AbortSignal's EventTarget listeners, which otherwise
// weigh more than all of a discovery's parsing.
import { EventEmitter } from "node:events";

export class Cancellation extends EventEmitter {
  aborted = false;

  cancel(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit("abort");
  }
}
