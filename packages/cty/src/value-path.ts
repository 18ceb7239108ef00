// The path to the value being encoded or decoded, for error messages only.
//
// Walking a large value must not build a path string per element: the steps live on a stack
// (pushed and popped around each child) and become text only when an error is reported.

const INDEX = 0;
const KEY = 1;
const ATTRIBUTE = 2;

export class ValuePath {
  readonly #kinds: number[] = [];
  readonly #steps: (number | string)[] = [];

  /** An index step, `[3]`, or with a string a map key step, `["key"]`. */
  push(step: number | string): void {
    this.#kinds.push(typeof step === "number" ? INDEX : KEY);
    this.#steps.push(step);
  }

  /** An attribute step, `.name`. */
  pushAttribute(name: string): void {
    this.#kinds.push(ATTRIBUTE);
    this.#steps.push(name);
  }

  pop(): void {
    this.#kinds.pop();
    this.#steps.pop();
  }

  /** `[0].name["k"]`, or "" at the top. */
  text(): string {
    let out = "";
    for (let i = 0; i < this.#steps.length; i++) {
      const step = this.#steps[i]!;
      const kind = this.#kinds[i];
      if (kind === INDEX) out += `[${step}]`;
      else if (kind === KEY) out += `[${JSON.stringify(step)}]`;
      else out += `.${step}`;
    }
    return out;
  }
}
