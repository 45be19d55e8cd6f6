import { useShallow } from 'zustand/react/shallow';
import type { ServerState } from '../../../../../shared/servers/server-state.ts';
import { useAppStore } from '../../../app/host-context.tsx';
import { Tabs, panelId, tabId } from '../../../components/Tabs.tsx';
import type { TabItem } from '../../../components/Tabs.tsx';
import type { ServerTab } from '../../../store/nav-slice.ts';
import { EraBadge } from '../EraBadge.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { AccessTab } from './AccessTab.tsx';
import { InfoTab } from './InfoTab.tsx';
import { LogTab } from './LogTab.tsx';
import { PromptsTab } from './PromptsTab.tsx';
import { ResourcesTab } from './ResourcesTab.tsx';
import { SkillsTab } from './SkillsTab.tsx';
import { ToolsTab } from './ToolsTab.tsx';
import { useCatalog } from './use-catalog.ts';
import { ServerText } from '../../../components/ServerText.tsx';
import { SignInControls } from '../auth/SignInControls.tsx';
import { McpIcon } from '../../../components/icons/McpIcon.tsx';

export function ServerDetail({ server, onReviewTrust }: { server: ServerState; onReviewTrust: () => void }) {
  const { tab, showServerTab } = useAppStore(useShallow((state) => ({ tab: state.serverTab, showServerTab: state.showServerTab })));
  const { catalog, error } = useCatalog(server);
  const skills = useAppStore((state) => state.skillsByServer[server.name]);
  const prefix = `server-${server.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const counts = server.counts;
  const tabs: TabItem<ServerTab>[] = [
    { id: 'tools', label: 'Tools', count: catalog?.tools.length ?? counts.tools },
    { id: 'resources', label: 'Resources', count: catalog ? catalog.resources.length + catalog.resourceTemplates.length : counts.resources + counts.resourceTemplates },
    { id: 'prompts', label: 'Prompts', count: catalog?.prompts.length ?? counts.prompts },
    // Only for a server that declares the Skills extension (SEP-2640).
    ...(skills ? [{ id: 'skills' as const, label: 'Skills', count: skills.skills.length }] : []),
    { id: 'access', label: 'Access' },
    { id: 'log', label: 'Log' },
    { id: 'info', label: 'Info' },
  ];
  const unavailable = server.status !== 'connected' && !catalog?.updatedAt;

  return (
    <section className="server-detail" aria-labelledby={`${prefix}-title`}>
      <header className="server-detail-head">
        <h2 id={`${prefix}-title`}>
          <McpIcon server={server.name} icons={server.serverInfo?.icons} />
          {server.name}
        </h2>
        <StatusBadge status={server.status} />
        <EraBadge era={server.era} protocolVersion={server.protocolVersion} />
        {server.serverInfo && (
          <span className="muted small">
            <ServerText text={server.serverInfo.title ?? server.serverInfo.name} /> <ServerText text={server.serverInfo.version} />
          </span>
        )}
      </header>
      <SignInControls server={server} full />
      <Tabs label={`${server.name} details`} tabs={tabs} selected={tab} onSelect={showServerTab} idPrefix={prefix} />
      <div className="tab-panel" role="tabpanel" id={panelId(prefix, tab)} aria-labelledby={tabId(prefix, tab)}>
        {(tab === 'tools' || tab === 'resources' || tab === 'prompts') && unavailable ? (
          <p className="muted empty-panel">
            {server.status === 'disabled' ? 'This server is disabled.' : `Not connected; the ${tab} show up once it is.`}
            {error && server.status === 'connected' ? ` ${error}` : ''}
          </p>
        ) : tab === 'tools' ? (
          <ToolsTab server={server} tools={catalog?.tools ?? []} leftOut={catalog?.leftOutTools} />
        ) : tab === 'resources' ? (
          <ResourcesTab server={server} resources={catalog?.resources ?? []} templates={catalog?.resourceTemplates ?? []} />
        ) : tab === 'prompts' ? (
          <PromptsTab server={server} prompts={catalog?.prompts ?? []} />
        ) : tab === 'skills' ? (
          skills ? <SkillsTab skills={skills} /> : <p className="muted empty-panel">This server serves no skills{server.status === 'connected' ? '' : ' while it is not connected'}.</p>
        ) : tab === 'access' ? (
          <AccessTab server={server} onReviewTrust={onReviewTrust} />
        ) : tab === 'log' ? (
          <LogTab server={server.name} />
        ) : (
          <InfoTab server={server} />
        )}
      </div>
    </section>
  );
}
