// libheif-js ships no types for its entry points; heic.ts declares the part of the API it uses.
declare module 'libheif-js/wasm-bundle.js' {
  const libheif: unknown;
  export default libheif;
}
