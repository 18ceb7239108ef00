import { defineConfig, type Plugin } from "vite";

/**
 * commander requires node:child_process when it loads, for the executable subcommands tofukit
 * does not have; that module and the network and stream modules it pulls in are a tenth of a
 * short command's start. Here commander gets it on first use instead. The build fails if
 * commander's source no longer has the line, rather than quietly keeping the cost.
 */
function lazyChildProcessForCommander(): Plugin {
  const eager = "const childProcess = require('node:child_process');";
  return {
    name: "tofukit:lazy-child-process-for-commander",
    transform(code, id) {
      if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
      if (!code.includes(eager)) throw new Error(`${id}: commander no longer has "${eager}"`);
      return code.replace(
        eager,
        "const childProcess = { get spawn() { return require('node:child_process').spawn; } };",
      );
    },
  };
}

// The CLI ships as one bundle (commands split into lazily loaded chunks): loading a few files
// instead of a hundred modules is most of a fast cold start. Everything it runs is in the bundle,
// so the package has no runtime dependencies; and no source maps, since it ships no sources.
// The bundle is CommonJS so that the launcher (src/launch.ts) can load it through vm.Script
// with V8's code cache, which Node 20 offers for scripts only, not for ES modules.
export default defineConfig({
  logLevel: "warn",
  plugins: [lazyChildProcessForCommander()],
  build: {
    ssr: true,
    outDir: "dist",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: { main: "src/main.ts", launch: "src/launch.ts" },
      output: { format: "cjs", entryFileNames: "[name].cjs", chunkFileNames: "chunks/[name]-[hash].cjs" },
    },
  },
  ssr: { noExternal: true, target: "node" },
});
