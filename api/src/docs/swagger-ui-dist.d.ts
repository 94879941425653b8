declare module 'swagger-ui-dist/absolute-path.js' {
  /** The folder that holds Swagger UI's files. */
  export default function getAbsoluteFSPath(): string;
}
