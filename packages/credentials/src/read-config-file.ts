// Reading CLI configuration and credentials files: regular files only, up to a size limit.
import { readFileWithinAsync, utf8Text } from "@tofukit/gostd/node";

/** The largest configuration or credentials file read; a larger one is refused. */
export const MAX_CONFIG_FILE_SIZE = 16 * 1024 * 1024;

/**
 * The file's text, as readFile(path, "utf8") gives it, but only from a regular file (or a link to
 * one) of at most MAX_CONFIG_FILE_SIZE bytes: a FIFO named like a configuration file is refused
 * instead of waited on forever, a link to /dev/zero instead of read without end. Failures are
 * @tofukit/gostd's FileReadError: a stable `code`, the errno (`ENOENT`) in `systemCode`.
 */
export async function readConfigFile(path: string): Promise<string> {
  return utf8Text(await readFileWithinAsync(path, MAX_CONFIG_FILE_SIZE));
}
