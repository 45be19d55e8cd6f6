/** One skill a server serves (Skills extension, SEP-2640), as the person and the model are shown it. */
export interface SkillSummary {
  /** The host's label for the server: a skill is the pair (server, uri), never the uri alone. */
  server: string;
  /** URI of the skill's SKILL.md. */
  uri: string;
  /** The frontmatter's `name`; not unique, even within one server. */
  name: string;
  description: string;
  /** Files listed in the entry, SKILL.md included; undefined for a `"dynamic"` skill. */
  files?: number;
  /** Sum of the listed sizes in bytes; undefined for a `"dynamic"` skill. */
  bytes?: number;
}

/** A server's skills as the host holds them. */
export interface ServerSkills {
  server: string;
  /** The person's switch: off keeps every skill of the server from the model. */
  enabled: boolean;
  skills: SkillSummary[];
  /** The server offers `resources/directory/read`. */
  directoryRead: boolean;
  /** When the listing is stale and is fetched again on next use (2026-07-28 `ttlMs`), epoch ms. */
  expiresAt?: number;
  /** Why the last listing failed, when it did. */
  error?: string;
  /** Entries of the listing that were refused (invalid), with why. */
  refused?: { uri?: string; reason: string }[];
}
