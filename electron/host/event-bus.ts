import type { HostEventName, HostEvents } from '../../shared/api/host-api.ts';

type Listener<E extends HostEventName> = (payload: HostEvents[E]) => void;

/** Typed fan-out of host events to every attached transport (IPC, WebSocket, CLI). */
export class HostEventBus {
  private readonly listeners = new Map<HostEventName, Set<Listener<HostEventName>>>();

  on<E extends HostEventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<HostEventName>);
    return () => set.delete(listener as Listener<HostEventName>);
  }

  emit<E extends HostEventName>(event: E, payload: HostEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        // A broken subscriber (a closed socket, say) must not stop the others from hearing the event.
        process.emitWarning(`host event listener for ${event} threw: ${(error as Error).message}`);
      }
    }
  }
}
