import type { Client } from '@modelcontextprotocol/client';
import type * as SkillsModule from '@modelcontextprotocol/client/ext/skills';
import type { Skill, SkillFile, SkillsClient, SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';
import { HostError } from '../../../shared/api/host-error.ts';
import type { ServerSkills, SkillSummary } from '../../../shared/skills/skill-types.ts';
import type { LogLevel, ServerState } from '../../../shared/servers/server-state.ts';
import type { HostEventBus } from '../event-bus.ts';
import type { SettingsStore } from '../store/database.ts';
import { summaryOf } from './skill-ids.ts';

/** What the skills layer needs from the servers layer. */
export interface SkillsServerHost {
  list(): ServerState[];
  client(name: string): Client | undefined;
  note(name: string, level: LogLevel, text: string): void;
}

export interface SkillsServiceOptions {
  events: Pick<HostEventBus, 'on' | 'emit'>;
  servers: SkillsServerHost;
  settings: SettingsStore;
  requestTimeoutMs?: number;
  now?: () => number;
}

/** A skill's SKILL.md, read, verified and held: the host is acting on it (SEP-2640, The Acting Window). */
export interface LoadedSkill {
  summary: SkillSummary;
  /** The SKILL.md as served, frontmatter included. */
  text: string;
  /** Paths of the skill's other files, relative to its root; undefined for a `"dynamic"` skill. */
  files?: string[];
  verified: boolean;
}

export interface SkillFileContent {
  uri: string;
  mimeType?: string;
  text?: string;
  bytes: number;
  verified: boolean;
}

interface ServerListing {
  client: Client;
  skills: SkillsClient;
  entries: Skill[];
  refused: { uri?: string; reason: string }[];
  expiresAt?: number;
  error?: string;
  listing?: Promise<void>;
  listedAt: number;
  /** Entries the host is acting on, by SKILL.md URI: reads of their files resolve only against these. */
  held: Map<string, Skill>;
}

type SkillsExtension = typeof SkillsModule;

const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
const SWITCHES_KEY = 'skills.disabledServers';
const DEFAULT_TIMEOUT_MS = 30_000;
const MIN_RELIST_MS = 1_000;

/**
 * The host side of the Skills extension (SEP-2640, `io.modelcontextprotocol/skills`) for every connected
 * server that declares it: lists skills once connected (and again once a 2026-07-28 listing's `ttlMs` has
 * passed), never reads a file ahead of need (Integrity and Verification → Lazy Retrieval), verifies every
 * file it reads against the held entry (size, digest, and SKILL.md's frontmatter, by the SDK's SkillsClient),
 * and keeps the person's per-server switch.
 */
export class SkillsService {
  private readonly options: SkillsServiceOptions;
  private readonly now: () => number;
  private readonly listings = new Map<string, ServerListing>();
  private disabled: Set<string>;
  private readonly off: () => void;
  /** The SDK's skills client, loaded once a server declares the extension: most hosts (and calls) never need it. */
  private extension: SkillsExtension | undefined;
  private loading: Promise<void> | undefined;
  private latest: readonly ServerState[] = [];

  constructor(options: SkillsServiceOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.disabled = new Set(options.settings.get<string[]>(SWITCHES_KEY, []));
    this.off = options.events.on('servers.changed', (states) => this.sync(states));
  }

  close(): void {
    this.off();
  }

  /**
   * Every server declaring the extension, with what it lists. In use (`refresh`), a 2026-07-28 listing past
   * its `ttlMs` is fetched again meanwhile, at most once a second however short the hint.
   */
  views(refresh = true): ServerSkills[] {
    return [...this.listings.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([server, listing]) => {
        if (refresh) this.refreshIfStale(server, listing);
        return this.viewOf(server, listing);
      });
  }

  /** The skills the model may be offered: of servers whose switch is on. */
  offered(): SkillSummary[] {
    return this.views()
      .filter((view) => view.enabled)
      .flatMap((view) => view.skills);
  }

  setEnabled(server: string, enabled: boolean): ServerSkills[] {
    if (enabled) this.disabled.delete(server);
    else this.disabled.add(server);
    this.options.settings.set(SWITCHES_KEY, [...this.disabled].sort());
    this.emit();
    return this.views(false);
  }

  enabled(server: string): boolean {
    return !this.disabled.has(server);
  }

  /** Resolves once every listing under way has finished. */
  async settled(): Promise<void> {
    await this.loading;
    for (;;) {
      const pending = [...this.listings.values()].flatMap((listing) => (listing.listing ? [listing.listing] : []));
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  /**
   * Loads a skill: reads its SKILL.md, verifies it against the entry (size, digest, frontmatter) and holds that
   * entry for the reads of its files. A skill not in the listing is confirmed with `skills/get` first (Getting
   * a Skill: a listing may be partial). Throws a HostError naming the failed check; nothing unverified is returned.
   */
  async load(server: string, skillUri: string): Promise<LoadedSkill> {
    const listing = this.require(server);
    let entry = listing.entries.find((candidate) => candidate.uri === skillUri) ?? (await this.fetchEntry(server, listing, skillUri));
    let file: SkillFile;
    try {
      file = await listing.skills.read(entry, undefined, { timeout: this.timeout });
    } catch (error) {
      // A mismatch may be a stale entry: take the current one once (Verification on Read), and read under it if it changed.
      if (!this.isVerificationError(error) || error.reason === 'frontmatter') throw this.failure(server, entry, error);
      const fresh = await this.fetchEntry(server, listing, skillUri).catch(() => undefined);
      if (!fresh || JSON.stringify(fresh.resources) === JSON.stringify(entry.resources)) throw this.failure(server, entry, error);
      entry = fresh;
      try {
        file = await listing.skills.read(entry, undefined, { timeout: this.timeout });
      } catch (again) {
        throw this.failure(server, entry, again);
      }
    }
    listing.held.set(entry.uri, entry);
    const root = rootOf(entry.uri);
    return {
      summary: summaryOf(server, entry),
      text: file.text ?? new TextDecoder().decode(file.bytes),
      files: Array.isArray(entry.resources)
        ? entry.resources.filter((resource) => resource.uri !== entry.uri).map((resource) => relativeTo(root, resource.uri))
        : undefined,
      verified: file.verified,
    };
  }

  /** A file of a loaded skill, by its path relative to the skill's root, verified against the held entry. */
  async readFile(server: string, skillUri: string, path: string): Promise<SkillFileContent> {
    const listing = this.require(server);
    const entry = listing.held.get(skillUri);
    if (!entry) throw new HostError('conflict', `the skill ${skillUri} of server "${server}" is not loaded; load it first`);
    try {
      const file = await listing.skills.read(entry, path, { timeout: this.timeout });
      return { uri: file.uri, mimeType: file.mimeType, text: file.text, bytes: file.bytes.byteLength, verified: file.verified };
    } catch (error) {
      throw this.failure(server, entry, error);
    }
  }

  /**
   * The direct children of a directory of a loaded skill. A skill with a file list is answered from the held
   * entry, which is authoritative (Directory Reads and the Held Entry); a `"dynamic"` one asks the server, where
   * it offers `resources/directory/read`.
   */
  async listDirectory(server: string, skillUri: string, path: string): Promise<string[]> {
    const listing = this.require(server);
    const entry = listing.held.get(skillUri);
    if (!entry) throw new HostError('conflict', `the skill ${skillUri} of server "${server}" is not loaded; load it first`);
    const root = rootOf(entry.uri);
    const folder = path.replace(/^\.?\/+|\/+$/g, '');
    if (Array.isArray(entry.resources)) {
      const prefix = folder === '' ? '' : `${folder}/`;
      const children = new Set<string>();
      for (const resource of entry.resources) {
        const relative = relativeTo(root, resource.uri);
        if (!relative.startsWith(prefix)) continue;
        const [head, ...rest] = relative.slice(prefix.length).split('/');
        children.add(rest.length > 0 ? `${head}/` : head);
      }
      return [...children].sort();
    }
    if (!listing.skills.directoryRead) throw new HostError('invalid_params', `server "${server}" does not offer directory reads, and this skill lists no files`);
    const result = await listing.skills.readDirectory(folder === '' ? root : `${root}/${folder}`, { timeout: this.timeout });
    return result.resources.map((resource) => `${resource.name}${resource.mimeType === 'inode/directory' ? '/' : ''}`);
  }

  private get timeout(): number {
    return this.options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  private isVerificationError(error: unknown): error is SkillVerificationError {
    return this.extension !== undefined && error instanceof this.extension.SkillVerificationError;
  }

  private loadExtension(): void {
    this.loading ??= import('@modelcontextprotocol/client/ext/skills').then(
      (extension) => {
        this.extension = extension;
        this.sync(this.latest);
      },
      (error: unknown) => {
        for (const state of this.latest) this.options.servers.note(state.name, 'warning', `skills could not be loaded: ${(error as Error).message}`);
      },
    );
  }

  private sync(states: readonly ServerState[]): void {
    this.latest = states;
    let changed = false;
    const live = new Set<string>();
    for (const state of states) {
      if (state.status !== 'connected') continue;
      const client = this.options.servers.client(state.name);
      if (!client) continue;
      live.add(state.name);
      const current = this.listings.get(state.name);
      if (current?.client === client) continue;
      const declared = (client.getServerCapabilities()?.extensions as Record<string, unknown> | undefined)?.[SKILLS_EXTENSION] !== undefined;
      const extension = this.extension;
      if (declared && !extension) {
        this.loadExtension();
        continue;
      }
      const skills = declared && extension ? new extension.SkillsClient(client, { skipInvalid: true }) : undefined;
      if (!skills?.supported) {
        if (current) changed = this.listings.delete(state.name);
        continue;
      }
      const listing: ServerListing = { client, skills, entries: [], refused: [], held: new Map(), listedAt: 0 };
      this.listings.set(state.name, listing);
      this.list(state.name, listing);
      changed = true;
    }
    for (const server of [...this.listings.keys()]) {
      if (!live.has(server)) changed = this.listings.delete(server) || changed;
    }
    if (changed) this.emit();
  }

  private refreshIfStale(server: string, listing: ServerListing): void {
    const now = this.now();
    if (listing.expiresAt === undefined || listing.expiresAt > now || listing.listing || now - listing.listedAt < MIN_RELIST_MS) return;
    this.list(server, listing);
  }

  private list(server: string, listing: ServerListing): void {
    listing.listedAt = this.now();
    listing.listing = (async () => {
      try {
        const result = await listing.skills.list(undefined, { timeout: this.timeout });
        if (this.listings.get(server) !== listing) return;
        listing.entries = result.skills;
        listing.refused = result.invalid.map(({ uri, reason }) => ({ uri, reason }));
        listing.error = undefined;
        // ttlMs is a 2026-07-28 freshness hint; a 2025-era listing stays until the connection or its resources change.
        listing.expiresAt = listing.client.getProtocolEra() === 'modern' && result.ttlMs !== undefined ? this.now() + result.ttlMs : undefined;
        for (const refused of listing.refused) {
          this.options.servers.note(server, 'warning', `skill ${refused.uri ?? '(no uri)'} left out: ${refused.reason}`);
        }
      } catch (error) {
        if (this.listings.get(server) !== listing) return;
        listing.error = (error as Error).message;
        listing.expiresAt = undefined;
        this.options.servers.note(server, 'warning', `skills/list failed: ${listing.error}`);
      } finally {
        listing.listing = undefined;
      }
      this.emit();
    })();
  }

  private async fetchEntry(server: string, listing: ServerListing, skillUri: string): Promise<Skill> {
    try {
      const { skill } = await listing.skills.get(skillUri, { timeout: this.timeout });
      return skill;
    } catch (error) {
      throw new HostError('not_found', `server "${server}" serves no skill at ${skillUri}: ${(error as Error).message}`);
    }
  }

  private failure(server: string, entry: Skill, error: unknown): Error {
    if (this.isVerificationError(error)) {
      const text = `${entry.uri} of server "${server}" failed verification (${error.reason}): ${error.message}; its content was not used`;
      this.options.servers.note(server, 'warning', `skill ${text}`);
      return new HostError('invalid_params', `the skill file ${text}`);
    }
    return HostError.from(error);
  }

  private require(server: string): ServerListing {
    const listing = this.listings.get(server);
    if (!listing) throw new HostError('not_found', `server "${server}" is not connected or serves no skills`);
    if (this.disabled.has(server)) throw new HostError('conflict', `skills of server "${server}" are switched off`);
    return listing;
  }

  private viewOf(server: string, listing: ServerListing): ServerSkills {
    return {
      server,
      enabled: !this.disabled.has(server),
      skills: listing.entries.map((entry) => summaryOf(server, entry)),
      directoryRead: listing.skills.directoryRead,
      ...(listing.expiresAt !== undefined ? { expiresAt: listing.expiresAt } : {}),
      ...(listing.error !== undefined ? { error: listing.error } : {}),
      ...(listing.refused.length > 0 ? { refused: listing.refused } : {}),
    };
  }

  private emit(): void {
    this.options.events.emit('skills.changed', this.views(false));
  }
}

/** The skill's root directory: its SKILL.md URI without `/SKILL.md` (Resource Mapping). */
function rootOf(skillUri: string): string {
  return skillUri.replace(/\/SKILL\.md$/, '');
}

function relativeTo(root: string, uri: string): string {
  return uri.startsWith(`${root}/`) ? uri.slice(root.length + 1) : uri;
}
