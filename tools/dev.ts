// `npm run dev`: the API rebuilt and restarted on change, and the three front ends on rspack dev
// servers with hot rebuilds. Open http://localhost:3001 (the shell; it proxies /api to :3000).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const rspack = path.join(root, 'node_modules/@rspack/cli/bin/rspack.js');
const env = {
  ...process.env,
  NODE_ENV: 'development',
  SERVE_WEB: 'false',
  // The shell's dev server proxies /api to the API: its pages may send POST, PUT and DELETE.
  ALLOWED_ORIGINS: 'http://localhost:3001',
  ADMIN_REMOTE_URL: 'http://localhost:3002/remoteEntry.js',
  PARENT_REMOTE_URL: 'http://localhost:3003/remoteEntry.js',
};

const processes = [
  { name: 'api:build', cwd: 'api', args: [rspack, 'build', '--watch'] },
  { name: 'api', cwd: '.', args: ['--watch-path=api/dist', 'api/dist/main.js'], delayMs: 8000 },
  { name: 'shell', cwd: 'shell', args: [rspack, 'serve'] },
  { name: 'admin', cwd: 'admin-app', args: [rspack, 'serve'] },
  { name: 'parent', cwd: 'parent-app', args: [rspack, 'serve'] },
];

const children = processes.map(({ name, cwd, args, delayMs = 0 }) => {
  const start = () => {
    const child = spawn(process.execPath, args, { cwd: path.join(root, cwd), env, stdio: ['ignore', 'pipe', 'pipe'] });
    const print = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`[${name}] ${line}`);
    };
    child.stdout.on('data', print);
    child.stderr.on('data', print);
    return child;
  };
  const handle = { child: delayMs ? undefined : start() } as { child?: ReturnType<typeof start> };
  if (delayMs) setTimeout(() => (handle.child = start()), delayMs);
  return handle;
});

console.log('Portal en desarrollo: http://localhost:3001 (API en http://localhost:3000)');
const stop = () => {
  for (const { child } of children) child?.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
