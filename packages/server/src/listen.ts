/** Why the server could not listen, in one sentence that says what to do; `code` is Node's (EADDRINUSE, …). */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

export const listenError = (e: unknown, port: number, host: string): ListenError => {
  const code = (e as { code?: string }).code;
  const where = `${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new ListenError(
        `port ${port} is already in use on ${host}: stop the program that holds it, or choose another port (PORT=${port + 1} npm start, or qiyuan serve --port ${port + 1})`,
        code,
      );
    case 'EACCES':
      return new ListenError(
        `no permission to listen on ${where}: ports below 1024 need privileges; choose a port of 1024 or more (PORT=8080)`,
        code,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new ListenError(
        `${host} is not an address of this machine: set HOST to one of its addresses, 0.0.0.0 (all) or 127.0.0.1`,
        code,
      );
    default:
      return new ListenError(`cannot listen on ${where}: ${(e as Error).message}`, code);
  }
};
