// The catalogues split by area at build time (scripts/webpack/icu-ast-loader.mjs, `?area=`).
declare module '*.json?area=core' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
declare module '*.json?area=olympiad' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
declare module '*.json?area=about' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
declare module '*.json?area=dev' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
declare module '*.json?area=seller' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
declare module '*.json?area=admin' {
  const catalogue: Record<string, string>;
  export default catalogue;
}
