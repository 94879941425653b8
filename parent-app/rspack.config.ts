import { appConfig } from '../tools/rspack';

export default appConfig({ dir: __dirname, name: 'portal_parent', port: 3003, exposes: { './App': './src/App.tsx' } });
