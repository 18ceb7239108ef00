// Files imported as text (vite's `?raw`): the examples the playground's presets are made of.
declare module "*?raw" {
  const text: string;

  export { text as default };
}
