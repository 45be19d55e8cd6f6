/**
 * `npm run dist`: packages the app from the electron-vite output in out/. It downloads Electron and the platform
 * tools, so it needs internet and cannot run on the offline build machines; CI does not run it. A module rather
 * than YAML so that tests/security/electron-config.test.ts reads exactly what electron-builder is given.
 */
import type { Configuration } from 'electron-builder';

/**
 * Electron fuses, flipped in the binary at package time (https://www.electronjs.org/docs/latest/tutorial/fuses).
 * Off: ways to run the app's binary as something else (plain Node via ELECTRON_RUN_AS_NODE, code injected
 * through NODE_OPTIONS or a debugger port). On: the cookie store encrypted with the OS key, and only the
 * integrity-checked app.asar loaded. The app serves its pages from app://, so file:// needs no extra rights.
 */
export const electronFuses = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
} satisfies Configuration['electronFuses'];

const config: Configuration = {
  appId: 'org.switchboard.desktop',
  productName: 'Switchboard',
  directories: { output: 'dist', buildResources: 'build' },
  files: ['out/**', 'package.json', '!**/*.map'],
  asar: true,
  // The host core spawns MCP servers and reads mcp.json; nothing native needs unpacking.
  npmRebuild: false,
  electronFuses,
  mac: {
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    target: ['dmg', 'zip'],
  },
  win: { target: ['nsis'] },
  linux: { category: 'Development', target: ['AppImage', 'deb'] },
};

export default config;
