import { appConfig } from '../tools/rspack';

export default appConfig({
  dir: __dirname,
  name: 'portal_admin',
  port: 3002,
  exposes: { './App': './src/App.tsx', './Door': './src/door/DoorApp.tsx' },
});
