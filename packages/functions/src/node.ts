// @tofukit/functions/node: the filesystem options for Node, reading real files.
export {};
