// Terminal styling: colors only when writing to a terminal and NO_COLOR is not set.
export interface Style {
  /** Whether this style colours at all: what diagnostics are formatted with (hcl's formatDiagnostic). */
  readonly color: boolean;
  readonly bold: (s: string) => string;
  readonly red: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly green: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly underline: (s: string) => string;
}

const plain = (s: string) => s;
const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;

export const PLAIN_STYLE: Style = {
  color: false,
  bold: plain,
  red: plain,
  yellow: plain,
  green: plain,
  dim: plain,
  underline: plain,
};

const COLOR_STYLE: Style = {
  color: true,
  bold: sgr(1, 22),
  red: sgr(31, 39),
  yellow: sgr(33, 39),
  green: sgr(32, 39),
  dim: sgr(2, 22),
  underline: sgr(4, 24),
};

/** Colors for a stream: only a TTY gets them, and never when NO_COLOR is set (https://no-color.org). */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Style {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return stream.isTTY === true && !noColor ? COLOR_STYLE : PLAIN_STYLE;
}
