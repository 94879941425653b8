import { appConfig } from '../tools/rspack';

export default appConfig({ dir: __dirname, name: 'portal_shell', port: 3001 });
