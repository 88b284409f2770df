import { describe, expect, it } from 'vitest';
import { STACK_STATUS_LABELS, stackStatusColor, stackStatusText } from './stackStatus';

describe('stack status', () => {
  it('names every action in every state of Heat', () => {
    const actions = ['INIT', 'CREATE', 'UPDATE', 'DELETE', 'ROLLBACK', 'SUSPEND', 'RESUME'];
    const more = ['ADOPT', 'SNAPSHOT', 'CHECK', 'RESTORE'];
    const states = ['COMPLETE', 'FAILED', 'IN_PROGRESS'];
    const codes = [...actions, ...more].flatMap((a) => states.map((s) => `${a}_${s}`));
    expect(Object.keys(STACK_STATUS_LABELS).sort()).toEqual(codes.sort());
  });

  it('reads a code as words, and shows an unknown code as it is', () => {
    expect(stackStatusText('CREATE_COMPLETE')).toBe('Create Complete');
    expect(stackStatusText('ROLLBACK_IN_PROGRESS')).toBe('Rollback In Progress');
    expect(stackStatusText('FROBNICATE_COMPLETE')).toBe('FROBNICATE_COMPLETE');
  });

  it.each([
    ['CREATE_COMPLETE', 'green'],
    ['DELETE_FAILED', 'red'],
    ['UPDATE_IN_PROGRESS', 'grey'],
  ] as const)('colours %s %s', (status, color) => {
    expect(stackStatusColor(status)).toBe(color);
  });
});
