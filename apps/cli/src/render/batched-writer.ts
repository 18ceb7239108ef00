// Output written in pieces of a size that suits V8 and the terminal alike.

/**
 * Collects text and hands it on in pieces of about BATCH_SIZE characters. A piece stays below
 * the size V8 allocates apart, in fresh pages of its own (128 KiB): those pages cost a page fault
 * each to touch, several milliseconds per megabyte; small pieces reuse memory that is already in
 * place.
 */
export class BatchedWriter {
  static readonly BATCH_SIZE = 1 << 16;
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly sink: (text: string) => void) {}

  readonly write = (text: string): void => {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= BatchedWriter.BATCH_SIZE) this.flush();
  };

  flush(): void {
    if (this.parts.length === 0) return;
    this.sink(this.parts.join(""));
    this.parts = [];
    this.size = 0;
  }
}
