import 'reflect-metadata';
import { createApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { settingErrorMessage } from './database/connection-errors';
import { DEMO_ACCOUNTS } from './users/demo-accounts';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const app = await createApp(config).catch((error: unknown) => {
    const message = settingErrorMessage(error, config.databaseUrl);
    if (!message) throw error;
    console.error(message);
    process.exit(1);
  });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [`Portal listo en ${url}`];
  if (config.seedDemo) {
    lines.push('Cuentas de demostración:');
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.role.padEnd(6)} ${account.username} / ${account.password}`);
  }
  console.log(lines.join('\n'));
}

void main();
