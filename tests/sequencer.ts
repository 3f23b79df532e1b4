import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which `npm test`'s one run takes its projects: vitest's own order within each project (longest or
 * largest file first), but the web tests first instead of last. Their longest file waits out the shop's real
 * delays (1.5 and 2 s) and would otherwise run alone at the very end; first, the end-to-end files fill the
 * workers beside it. A project's files stay together, so a worker goes on with its shared imports (isolate: false).
 */
const PROJECT_ORDER = ['web', 'e2e', 'server', 'server-postgres'];

export default class ProjectOrderSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(file.project.name);
      return at === -1 ? PROJECT_ORDER.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
