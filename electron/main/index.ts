import path from 'node:path';
import { app, BrowserWindow, safeStorage } from 'electron';
import { Host } from '../host/host.ts';
import { APP_INDEX_URL, registerAppScheme, serveAppSandbox, serveRenderer } from './app-protocol.ts';
import { SANDBOX_ORIGIN } from './app-sandbox-config.ts';
import { forwardHostEvents, wireHostIpc } from './ipc-host.ts';
import { openExternal, pickFolder } from './platform-abilities.ts';
import { chooseSecretCipher } from './secret-cipher-choice.ts';
import { lockDownWebContents } from './window-security.ts';

// electron-vite sets this only in `electron-vite dev`; packaged builds always load app://switchboard.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;

app.enableSandbox();
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void main();
}

/** `--name=value` or `--name value` from Electron's command line. */
function commandLineValue(name: string): string | undefined {
  const index = process.argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index === -1) return undefined;
  const arg = process.argv[index];
  return arg.includes('=') ? arg.slice(name.length + 1) : process.argv[index + 1];
}

async function main(): Promise<void> {
  await app.whenReady();
  lockDownWebContents(devServerUrl);
  serveRenderer(path.join(import.meta.dirname, '../renderer'));
  serveAppSandbox(devServerUrl);

  // API keys and tokens go through the OS keychain where there is one; otherwise an owner-only file.
  const cipher = chooseSecretCipher(
    process.platform,
    safeStorage.isEncryptionAvailable(),
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  );
  if (cipher.use === 'file') process.emitWarning(cipher.message);
  const decrypt = (data: Uint8Array) => safeStorage.decryptString(Buffer.from(data));
  const host = await Host.start({
    dataDir: app.getPath('userData'),
    secretCipher: cipher.use === 'os' ? { encrypt: (plain) => safeStorage.encryptString(plain), decrypt } : undefined,
    // Values an earlier version wrote under basic_text are still read, then kept in the owner-only file.
    secretFallback: cipher.use === 'file' ? { decrypt, reason: cipher.message } : undefined,
    // Every server's launch is reviewed before it first runs, including those already in mcp.json on the first run.
    serverTrust: 'ask',
    openExternal,
    pickFolder,
    mcpApps: true,
    clientMetadataUrl: commandLineValue('--client-metadata-url'),
  });
  host.apps.sandboxOrigin = SANDBOX_ORIGIN;
  const unwireIpc = wireHostIpc(host, devServerUrl);
  let window = createWindow(host);

  app.on('second-instance', () => {
    if (window.isDestroyed()) window = createWindow(host);
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow(host);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    // Stop every MCP server the spec's way (close stdin, then signals) before the process goes.
    event.preventDefault();
    quitting = true;
    unwireIpc();
    void host.close().finally(() => app.quit());
  });
}

function createWindow(host: Host): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'Switchboard',
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  const stopForwarding = forwardHostEvents(host, window);
  window.on('closed', stopForwarding);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devServerUrl ?? APP_INDEX_URL);
  return window;
}
