import type { HostEventBus } from '../../event-bus.ts';

/**
 * A counter that moves whenever what the model may be offered could have changed: a server's catalog or tool
 * switches (`servers.catalogChanged`), a server's status or tool switch (`servers.changed`), its configuration
 * (`servers.configChanged`), or a pin or grant, which decides whether a changed tool is held back
 * (`grants.changed`, `grants.heldTools`), or the skills on offer (`skills.changed`). Listening to the events the servers layer already sends keeps the
 * counter out of the server manager; an offer built at one value stays valid until the next.
 */
export class CatalogGeneration {
  private current = 0;
  private readonly offs: (() => void)[];

  constructor(events: Pick<HostEventBus, 'on'>) {
    const bump = () => {
      this.current++;
    };
    this.offs = [
      events.on('servers.catalogChanged', bump),
      events.on('servers.changed', bump),
      events.on('servers.configChanged', bump),
      events.on('grants.changed', bump),
      events.on('grants.heldTools', bump),
      events.on('skills.changed', bump),
    ];
  }

  get value(): number {
    return this.current;
  }

  close(): void {
    for (const off of this.offs) off();
  }
}
