import { appConfig, prerenderConfig } from '../tools/rspack';

const shell = { ...appConfig({ dir: __dirname, name: 'portal_shell', port: 3001 }), name: 'shell' };

// Production builds also render the public pages to HTML (tools/rspack.ts, prerenderConfig).
export default process.env.NODE_ENV === 'development' ? shell : [shell, prerenderConfig({ dir: __dirname, dependsOn: 'shell' })];
