import type { Command } from 'commander';

/**
 * `qiyuan admin role NAME moderator|none`: the operator's console for what no moderator exists yet to do. It opens
 * the same store as `qiyuan serve` (QIYUAN_DATA_DIR or DATABASE_URL, or the flags), so a running server sees the
 * change with its next request; the change is written to the moderators' log as made at the console.
 */
export const registerAdmin = (program: Command): void => {
  const admin = program.command('admin').description('site administration on the server’s own database');
  admin
    .command('role')
    .description('appoint a moderator (moderator) or take the role away (none)')
    .argument('<name>', 'the account’s name')
    .argument('<role>', 'moderator or none')
    .option('--data-dir <dir>', 'SQLite directory (env QIYUAN_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'postgres://… to use PostgreSQL (env DATABASE_URL)')
    .action(async (name: string, role: string, o: { dataDir?: string; databaseUrl?: string }) => {
      if (role !== 'moderator' && role !== 'none') {
        program.error(`the role is moderator or none, not "${role}"`);
        return;
      }
      const { openStore, setRoleFromConsole } = await import('@qiyuan/server');
      const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL;
      const store = await openStore({
        ...(databaseUrl ? { databaseUrl } : {}),
        dataDir: o.dataDir ?? process.env.QIYUAN_DATA_DIR ?? './data',
        ...(process.env.QIYUAN_PG_SCHEMA ? { pgSchema: process.env.QIYUAN_PG_SCHEMA } : {}),
      });
      try {
        const r = await setRoleFromConsole(store, name, role);
        if (!r.ok) {
          console.error(`qiyuan admin role: ${r.reason}`);
          process.exitCode = 1;
          return;
        }
        console.log(role === 'moderator' ? `${r.user.name} is a moderator` : `${r.user.name} is no longer a moderator`);
      } finally {
        await store.close();
      }
    });
};
