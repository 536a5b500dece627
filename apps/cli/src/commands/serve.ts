import type { Command } from 'commander';

/**
 * `qiyuan serve`: the game server with the built web app. Settings come from
 * flags or the environment: PORT, HOST, QIYUAN_DATA_DIR, DATABASE_URL (postgres://…);
 * the server's own (QIYUAN_ALLOWED_ORIGINS, QIYUAN_TRUST_PROXY, …) are in docs/DEPLOY.md.
 * A start that fails (a port already taken, a bad setting) ends with one line
 * that says what to do, and exit status 1.
 * SIGTERM and SIGINT close it gracefully: no new actions, running commits
 * finish, sockets close with 1001, the database closes.
 */
export const registerServe = (program: Command): void => {
  program
    .command('serve')
    .description('start the game server (HTTP + WebSocket) and serve the web app')
    .option('--port <n>', 'port to listen on (env PORT, default 8080)')
    .option('--host <addr>', 'address to listen on (env HOST, default 0.0.0.0)')
    .option('--data-dir <dir>', 'SQLite directory (env QIYUAN_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'postgres://… to use PostgreSQL (env DATABASE_URL)')
    .action(async (o: { port?: string; host?: string; dataDir?: string; databaseUrl?: string }) => {
      const port = o.port === undefined ? undefined : Number(o.port);
      if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
        program.error(`--port must be a port number, not "${o.port}"`);
        return;
      }
      const { startServer } = await import('@qiyuan/server');
      const started = await startServer({
        ...(port === undefined ? {} : { port }),
        ...(o.host ? { host: o.host } : {}),
        ...(o.dataDir ? { dataDir: o.dataDir } : {}),
        ...(o.databaseUrl ? { databaseUrl: o.databaseUrl } : {}),
      }).then(
        (value) => ({ ok: true as const, value }),
        (e: unknown) => ({ ok: false as const, reason: e instanceof Error ? e.message : String(e) }),
      );
      if (!started.ok) {
        console.error(`qiyuan serve: ${started.reason}`);
        process.exit(1);
      }
      const server = started.value;
      console.log(`qiyuan server listening on ${server.url} (${server.store.kind})`);
      // Every known path settles its promises; one that slips through is logged, not allowed to end every game
      // this process serves (Node ends the process on an unhandled rejection by default).
      process.on('unhandledRejection', (reason) => {
        console.error('qiyuan server: unhandled rejection (serving on):', reason);
      });
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`${signal}: closing`);
        const force = setTimeout(() => process.exit(1), 10_000);
        force.unref();
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGTERM', () => stop('SIGTERM'));
      process.on('SIGINT', () => stop('SIGINT'));
    });
};
