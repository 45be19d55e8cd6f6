/**
 * Switchboard's side of the connect bench: the host's ServerManager with the app's defaults (timeouts, start
 * pacing, the real login shell read for PATH) over a data directory holding mcp.json.
 *
 * Usage: node tests/bench/connect-switchboard.ts <data dir>   Prints one JSON line: { ms, servers: [{ name, era, error? }], notes }.
 */
import path from 'node:path';
import { HostEventBus } from '../../electron/host/event-bus.ts';
import { ServerManager } from '../../electron/host/servers/server-manager.ts';
import { openDatabase, SettingsStore } from '../../electron/host/store/database.ts';

const dataDir = process.argv[2];
const db = openDatabase(dataDir);
const manager = new ServerManager({ configPath: path.join(dataDir, 'mcp.json'), events: new HostEventBus(), settings: new SettingsStore(db) });
const started = performance.now();
await manager.start();
const states = await manager.settled(300_000);
const ms = performance.now() - started;
const servers = states.map((state) =>
  state.status === 'connected' ? { name: state.name, era: state.era } : { name: state.name, error: `${state.status}: ${state.reason ?? ''}` },
);
/** How each era was found, from the servers' logs: what the bench prints beside the figures. */
const notes: Record<string, number> = {};
const patterns: [string, RegExp][] = [
  ['probe timed out', /^no answer to server\/discover within/],
  ['exited on the probe', /when asked server\/discover; starting it again/],
  ['waited for a turn', /^waiting for its turn/],
  ['inherited PATH', /starting with the inherited PATH$/],
  ['remembered era failed', /probing its protocol era again$/],
];
for (const state of states) {
  for (const entry of manager.logs(state.name)) {
    for (const [label, pattern] of patterns) if (pattern.test(entry.text)) notes[label] = (notes[label] ?? 0) + 1;
  }
}
await manager.close();
db.close();
process.stdout.write(`${JSON.stringify({ ms, servers, notes })}\n`);
