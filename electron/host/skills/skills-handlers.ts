import type { HostMethodParsedParams, HostMethodResults } from '../../../shared/api/host-api.ts';
import type { SkillsService } from './skills-service.ts';

export function createSkillsHandlers(skills: SkillsService) {
  return {
    'skills.list': async (_params: HostMethodParsedParams<'skills.list'>): Promise<HostMethodResults['skills.list']> => skills.views(),
    'skills.setEnabled': async (params: HostMethodParsedParams<'skills.setEnabled'>): Promise<HostMethodResults['skills.setEnabled']> =>
      skills.setEnabled(params.server, params.enabled),
  };
}
