declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.css';

/** The build's id (BUILD_ID at build time, else the package version). */
declare const __BUILD_ID__: string;
