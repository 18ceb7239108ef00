import { defineConfig } from "vite";

// The CLI ships as one bundle (commands split into lazily loaded chunks): loading a few files
// instead of a hundred modules is most of a fast cold start. Everything it runs is in the bundle,
// so the package has no runtime dependencies; and no source maps, since it ships no sources.
export default defineConfig({
  logLevel: "warn",
  build: {
    ssr: "src/main.ts",
    outDir: "dist",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: false,
    rollupOptions: {
      output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
  ssr: { noExternal: true, target: "node" },
});
