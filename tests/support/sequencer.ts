import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order, except that the specs of the spawned site (the `process` project) start first within
 * their group. Vitest runs a group's projects in the order of their names, so those specs, the longest
 * files of the group (a minute each at most, mostly waiting on the child process), would start last and
 * keep the browser specs' group waiting for them.
 */
export default class ProcessSpecsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => (spec.project.name === 'process' ? 0 : 1);
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}
