declare module 'swagger-ui-dist' {
  /** The folder that holds Swagger UI's files. */
  export function getAbsoluteFSPath(): string;
}
