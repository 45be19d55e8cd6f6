/**
 * Which servers are waiting on this host right now (a person in a dialog, a model writing a sampling reply).
 * On 2025-era connections the server's question travels inside a tool call that is still open, so the call's
 * deadline must not run while the server is waiting on us: that time is the person's, not the server's.
 */
export class CallHolds {
  private readonly counts = new Map<string, number>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** Holds the server's call deadlines until the returned release is called (once; later calls do nothing). */
  hold(server: string): () => void {
    this.counts.set(server, (this.counts.get(server) ?? 0) + 1);
    this.notify(server);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.counts.get(server) ?? 1) - 1;
      if (count <= 0) this.counts.delete(server);
      else this.counts.set(server, count);
      this.notify(server);
    };
  }

  held(server: string): boolean {
    return (this.counts.get(server) ?? 0) > 0;
  }

  onChange(server: string, listener: () => void): () => void {
    let set = this.listeners.get(server);
    if (!set) {
      set = new Set();
      this.listeners.set(server, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(server);
    };
  }

  private notify(server: string): void {
    for (const listener of [...(this.listeners.get(server) ?? [])]) listener();
  }
}
